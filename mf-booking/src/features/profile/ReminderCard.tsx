import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, parseNumber, REMINDER_HOURS, type MemberPreferences } from 'shared-api';
import { contractResolver, notify } from 'shared-ui';

/** GET /user/me/preferences: the member's reminder setting (issue 27). */
export const preferencesQuery = () =>
  queryOptions({ queryKey: ['user', 'me', 'preferences'], queryFn: () => api.get<MemberPreferences>('/user/me/preferences') });

interface ReminderValues {
  on: boolean;
  /** The hours as typed; the contract's memberPreferencesForm checks them (1–72, whole). */
  reminder_hours: string;
}

/**
 * 'Promemoria dei turni': off, or a mail N hours (1–72) before each booked shift. Loads on its own: the rest of the
 * profile never waits for it.
 */
export function ReminderCard() {
  const preferences = useQuery(preferencesQuery());
  return (
    <section className="shell-card" aria-label="Promemoria dei turni">
      <h2 className="shell-card__title">Promemoria dei turni</h2>
      <div className="shell-card__body">
        {preferences.isPending && <p role="status">Caricamento in corso...</p>}
        {preferences.isError && <p role="alert">Impossibile caricare i promemoria.</p>}
        {preferences.isSuccess && <ReminderForm saved={preferences.data} />}
      </div>
    </section>
  );
}

/** Checked as the member types (a one-field form): a wrong number of hours says why and cannot be saved. */
function ReminderForm({ saved }: { saved: MemberPreferences }) {
  const queryClient = useQueryClient();
  const [resolver] = useState(() =>
    contractResolver<ReminderValues>(
      (c) => c.memberPreferencesForm,
      (values) => ({ reminder_hours: values.on ? values.reminder_hours : null }),
    ),
  );
  const form = useForm<ReminderValues>({
    mode: 'onChange',
    resolver,
    defaultValues: { on: saved.reminder_hours !== null, reminder_hours: String(saved.reminder_hours ?? REMINDER_HOURS.default) },
  });
  const save = useMutation({
    mutationFn: (body: MemberPreferences) => api.patch<MemberPreferences>('/user/me/preferences', body),
    onSuccess: (stored) => {
      queryClient.setQueryData(preferencesQuery().queryKey, stored);
      notify.success(
        stored.reminder_hours === null ? 'Promemoria disattivati' : `Promemoria salvati: ${stored.reminder_hours} ore prima di ogni turno`,
      );
    },
    onError: () => notify.error('Impossibile salvare i promemoria. Riprova più tardi.'),
  });
  const on = form.watch('on');
  const error = on ? form.formState.errors.reminder_hours?.message : undefined;

  return (
    <form
      className="bk-reminders"
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate({ reminder_hours: values.on ? parseNumber(values.reminder_hours) : null }))}
    >
      <label className="bk-reminders__toggle">
        <input type="checkbox" {...form.register('on', { deps: ['reminder_hours'] })} /> Ricevi una email prima di ogni turno prenotato
      </label>
      {on && (
        <label className="bk-reminders__hours">
          Ore prima dell&apos;inizio
          {/* Text, not type="number": the browser's number field dropped the comma of '2,5' and kept 25 without a
              word (issue 44 item 8); as typed, the contract refuses it ('Indica un numero intero di ore'). */}
          <input
            className="ui-input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={Boolean(error)}
            {...form.register('reminder_hours')}
          />
        </label>
      )}
      {error && <p role="alert">{error}</p>}
      <button type="submit" className="ui-btn ui-btn--primary" disabled={save.isPending || Boolean(error)}>
        Salva
      </button>
    </form>
  );
}
