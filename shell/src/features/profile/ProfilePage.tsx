import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type Profile, type UpdateMeBody } from 'shared-api';
import { formatDate, notify, type ProfileCardProps } from 'shared-ui';
import { RemoteComponent, Slot } from '../../remotes';
import { meQuery } from '../auth/api';
import { useLogout } from '../auth/use-logout';
import { ActivityCard } from './ActivityCard';
import { EditableField } from './EditableField';
import { PasswordDialog } from './PasswordDialog';
import { PersonalDataCard } from './PersonalDataCard';
import { ReauthDialog } from './ReauthDialog';
import { updateMe } from './api';

const SAVED = 'Modifiche salvate con successo';
const SERVER_ERROR = 'Errore durante il salvataggio delle modifiche. Riprova più tardi.';
const NETWORK_ERROR = 'Errore di rete durante il salvataggio delle modifiche. Riprova più tardi.';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="shell-card" aria-label={title}>
      <h2 className="shell-card__title">{title}</h2>
      <div className="shell-card__body">{children}</div>
    </section>
  );
}

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="shell-row">
      <dt className="shell-row__label">{label}</dt>
      <dd className="shell-row__value">{value || '—'}</dd>
    </div>
  );
}

/** The server's answer when an e-mail change needs the current password confirmed first (issue 7 finding 10). */
const needsPassword = (err: unknown) => err instanceof ApiError && err.code === 'REAUTH_REQUIRED';

const dateOrNull = (iso: string | null) => (iso ? formatDate(iso) : null);

/**
 * /user/profile (spec 000 §2.7): the member's data, phone and e-mail editable, password change, logout. The medical
 * certificate (expiry, upload, download, request forms) is the certificates app's card.
 */
export function ProfilePage() {
  const me = useQuery(meQuery());
  const queryClient = useQueryClient();
  const logout = useLogout();
  const [passwordOpen, setPasswordOpen] = useState(false);
  /** A change waiting for the password check the server asked for. */
  const [awaitingPassword, setAwaitingPassword] = useState<UpdateMeBody | null>(null);

  const refreshProfile = () => queryClient.invalidateQueries({ queryKey: meQuery().queryKey });

  /** Optimistic save of one contact value; the previous profile comes back if the server refuses. */
  async function saveContact(changes: UpdateMeBody) {
    const { queryKey } = meQuery();
    const previous = queryClient.getQueryData<Profile>(queryKey);
    if (previous) queryClient.setQueryData<Profile>(queryKey, { ...previous, ...changes });
    try {
      await updateMe(changes);
      notify.success(SAVED);
      await queryClient.invalidateQueries({ queryKey });
    } catch (err) {
      if (previous) queryClient.setQueryData<Profile>(queryKey, previous);
      if (needsPassword(err)) {
        setAwaitingPassword(changes);
        return;
      }
      notify.error(err instanceof ApiError && err.status === 0 ? NETWORK_ERROR : SERVER_ERROR);
    }
  }

  return (
    <div className="shell-page shell-profile">
      <header className="shell-page__header">
        <h1 className="shell-page__title">Il tuo profilo, i tuoi dati</h1>
        <button type="button" className="ui-btn ui-btn--secondary" onClick={() => void logout()}>
          Logout
        </button>
      </header>

      {me.isPending && <p role="status">Caricamento del profilo in corso...</p>}
      {me.isError && (
        <div className="shell-page__error" role="alert">
          <p>Impossibile caricare i dati del profilo.</p>
          <button type="button" className="ui-btn ui-btn--secondary" onClick={() => void me.refetch()}>
            Riprova
          </button>
        </div>
      )}
      {me.data && (
        <div className="shell-profile__grid">
          <Card title="Informazioni personali">
            <dl className="shell-rows">
              <Row label="Nome" value={me.data.name} />
              <Row label="Cognome" value={me.data.surname} />
              <Row label="Data di nascita" value={dateOrNull(me.data.birth_date)} />
              <Row label="Indirizzo di residenza" value={me.data.residence_address} />
              <Row label="Codice fiscale" value={me.data.fiscal_code} />
            </dl>
            <EditableField
              name="phone_number"
              label="Numero di telefono"
              kind="text"
              savedValue={me.data.phone_number ?? ''}
              onSave={(phone_number) => saveContact({ phone_number })}
            />
          </Card>

          <Card title="Informazioni di accesso">
            <EditableField name="email" label="Email" kind="email" savedValue={me.data.email} onSave={(email) => saveContact({ email })} />
            <div className="shell-password-row">
              <dl className="shell-rows">
                <Row label="Password" value="••••••••" />
              </dl>
              <button type="button" className="ui-btn ui-btn--secondary" onClick={() => setPasswordOpen(true)}>
                Modifica password
              </button>
            </div>
          </Card>

          <Card title="Dati federali">
            <dl className="shell-rows">
              <Row label="Codice tessera" value={me.data.fitet_code} />
              <Row label="Tipo tessera" value={me.data.fitet_type} />
              <Row label="Categoria" value={me.data.fitet_category} />
            </dl>
          </Card>

          <Card title="Informazioni di iscrizione">
            <dl className="shell-rows">
              <Row label="Data di iscrizione" value={dateOrNull(me.data.created_at)} />
            </dl>
            <RemoteComponent<ProfileCardProps>
              remote="mf_certificates"
              exposed="profile-card"
              props={{ profile: me.data, refreshProfile }}
              loadingText="Caricamento del certificato medico in corso..."
              failureTitle="Impossibile caricare il certificato medico."
              failureText="Il resto del profilo funziona: riprova tra qualche istante e, se il problema persiste, contatta un amministratore."
            />
          </Card>

          {/* The domain apps' 'profile' cards (docs/releases.md): the booking app's calendar feed and reminders. */}
          <Slot name="profile" props={{ profile: me.data, refreshProfile }} />
          <PersonalDataCard />
          <ActivityCard userId={me.data._id} />
        </div>
      )}

      <PasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <ReauthDialog
        open={awaitingPassword !== null}
        onCancel={() => setAwaitingPassword(null)}
        onVerified={() => {
          const changes = awaitingPassword;
          setAwaitingPassword(null);
          if (changes) void saveContact(changes);
        }}
      />
    </div>
  );
}
