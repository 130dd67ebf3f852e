import { lazy, useState } from 'react';
import { useAuthStore, useHasPermission, type User } from 'shared-api';
import {
  ActivateIcon,
  CheckboxInput,
  ConfirmAction,
  DataTable,
  DeactivateIcon,
  DeleteIcon,
  EditIcon,
  EmailCell,
  PageLayout,
  downloadWithToasts,
  formatDate,
  formatDateTime,
  type Column,
  ModalSuspense,
} from 'shared-ui';
import { REGISTRY_PAGE } from '../../../components/page';
import { useActivateUser } from '../api/activate-user';
import { useDeleteUser } from '../api/delete-user';
import { downloadUserData, isAnonymised, useAnonymizeUser } from '../api/personal-data';
import { USERS_PATH, USERS_QUERY_KEY } from '../api/get-users';

// The form carries codice-fiscale-js and its list of comuni (~110 KB gzip): loaded when a form opens,
// not with the list. So does the deactivation's (react-hook-form and the contract's schema).
const UserFormModal = lazy(() => import('./UserFormModal').then((m) => ({ default: m.UserFormModal })));
const DeactivateUserModal = lazy(() => import('./DeactivateUserModal').then((m) => ({ default: m.DeactivateUserModal })));
const LiftFairPlayModal = lazy(() => import('./LiftFairPlayModal').then((m) => ({ default: m.LiftFairPlayModal })));

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete' | 'activate' | 'deactivate' | 'anonymize' | 'lift'; user: User } | null;

const counted = (n: number, one: string, many: string) => (n ? ` · ${n} ${n === 1 ? one : many}` : '');

function status(user: User): string {
  // The fair-play record (issue 42) — no-shows and late cancellations within the rule's period, a suspension — is
  // said here rather than in columns of its own: the table fits a 1366 px laptop without scrolling sideways
  // (polish.test), and the lift is in the row's menu.
  const fp = user.fair_play;
  const record = fp ? counted(fp.no_shows, 'assenza', 'assenze') + counted(fp.late_cancellations, 'disdetta tardiva', 'disdette tardive') : '';
  const suspended = fp?.suspended_until ? ` · prenotazioni sospese fino al ${formatDateTime(fp.suspended_until)}` : '';
  if (!user.deactivation_status) return `Attivo${record}${suspended}`;
  return `${user.deactivation_date_end ? `Disattivato fino al ${formatDate(user.deactivation_date_end)}` : 'Disattivato'}${record}`;
}

// On a phone a card shows who the member is and their state; the other columns on demand.
const COLUMNS: Column<User>[] = [
  { key: 'member_id', header: 'N. libro soci', sortable: true, detail: true },
  { key: 'surname', header: 'Cognome', sortable: true },
  { key: 'name', header: 'Nome', sortable: true },
  { key: 'email', header: 'Email', sortable: true, render: (u) => <EmailCell email={u.email} /> },
  { key: 'phone_number', header: 'Telefono', sortable: true, detail: true },
  { key: 'fiscal_code', header: 'Codice fiscale', sortable: true, detail: true },
  { key: 'category', header: 'Categoria', sortable: true, detail: true, render: (u) => u.category?.name ?? '' },
  { key: 'deactivation_status', header: 'Stato', sortable: true, render: status },
  // Bookings the member made that a booked partner then left (issue 25): who books others into shifts they do not want.
  { key: 'partner_left_bookings', header: 'Lasciate dai compagni', detail: true, render: (u) => String(u.partner_left_bookings ?? 0) },
];

/** Gestione utenti (spec 001 §2 Users management). */
export function UsersPage() {
  const [onlyActive, setOnlyActive] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const deleteUser = useDeleteUser();
  const activateUser = useActivateUser();
  // The server refuses to deactivate or delete one's own account: those actions are not offered on one's own row.
  const myId = useAuthStore((s) => s.user?._id);
  // A member's data and their anonymisation are for '*' only (issue 28).
  const superuser = useHasPermission(['*']);
  const anonymizeUser = useAnonymizeUser();
  // Lifting a fair-play suspension is the bookings staff's decision (issue 42).
  const bookingsStaff = useHasPermission(['bookings_access']);

  return (
    <PageLayout {...REGISTRY_PAGE} title="Gestione utenti">
      <DataTable<User>
        queryKey={USERS_QUERY_KEY}
        path={USERS_PATH}
        columns={COLUMNS}
        filters={{ onlyEnabled: onlyActive ? true : undefined }}
        exportName="utenti"
        caption="Utenti"
        rowKey={(u) => u._id}
        toolbar={
          <>
            <button type="button" className="ui-btn ui-btn--primary" onClick={() => setDialog({ kind: 'create' })}>
              Aggiungi utente
            </button>
            <CheckboxInput name="onlyEnabled" label="Mostra solo utenti attivi" value={onlyActive} onChange={setOnlyActive} />
          </>
        }
        rowActions={(user) => [
          // An anonymised member (issue 28) stays deactivated: nobody is behind the account any more.
          {
            label: 'Attiva',
            icon: <ActivateIcon />,
            hidden: !user.deactivation_status || isAnonymised(user),
            onClick: () => setDialog({ kind: 'activate', user }),
          },
          {
            label: 'Disattiva',
            icon: <DeactivateIcon />,
            hidden: user.deactivation_status || user._id === myId,
            onClick: () => setDialog({ kind: 'deactivate', user }),
          },
          { label: 'Modifica', icon: <EditIcon />, onClick: () => setDialog({ kind: 'edit', user }) },
          { label: 'Elimina', icon: <DeleteIcon />, danger: true, hidden: user._id === myId, onClick: () => setDialog({ kind: 'delete', user }) },
          // Rare actions of the '*' users (issue 28): in the row's 'Altre azioni' menu, so the table keeps its width.
          {
            label: 'Revoca sospensione',
            more: true,
            hidden: !bookingsStaff || !user.fair_play?.suspended_until,
            onClick: () => setDialog({ kind: 'lift', user }),
          },
          { label: 'Scarica dati', more: true, hidden: !superuser, onClick: () => void downloadWithToasts(() => downloadUserData(user)) },
          {
            label: 'Anonimizza',
            more: true,
            danger: true,
            hidden: !superuser || user._id === myId || isAnonymised(user),
            onClick: () => setDialog({ kind: 'anonymize', user }),
          },
        ]}
      />

      <ModalSuspense>
        {dialog?.kind === 'create' && <UserFormModal onClose={close} />}
        {dialog?.kind === 'edit' && <UserFormModal key={dialog.user._id} user={dialog.user} onClose={close} />}
        {dialog?.kind === 'deactivate' && <DeactivateUserModal user={dialog.user} onClose={close} />}
        {dialog?.kind === 'lift' && <LiftFairPlayModal user={dialog.user} onClose={close} />}
      </ModalSuspense>
      <ConfirmAction
        target={dialog?.kind === 'delete' ? dialog.user : null}
        title="Elimina utente"
        message="Sei sicuro di voler eliminare questo utente? L'operazione non è reversibile"
        confirmLabel="Elimina"
        danger
        action={(user) => deleteUser.run(user._id)}
        onClose={close}
      />
      <ConfirmAction
        target={dialog?.kind === 'activate' ? dialog.user : null}
        title="Attiva utente"
        message={(user) => `Sei sicuro di voler attivare l'utente ${user.name} ${user.surname}?`}
        confirmLabel="Attiva"
        action={(user) => activateUser.run(user._id)}
        onClose={close}
      />
      <ConfirmAction
        target={dialog?.kind === 'anonymize' ? dialog.user : null}
        title="Anonimizza utente"
        message={(user) =>
          `Anonimizzare ${user.name} ${user.surname}? I dati personali saranno sostituiti, l'email liberata, i file eliminati e l'accesso impedito; prenotazioni, addebiti e pagamenti restano. L'operazione non è reversibile.`
        }
        confirmLabel="Anonimizza"
        danger
        action={(user) => anonymizeUser.run(user._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
