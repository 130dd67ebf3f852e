import { useEffect, useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, REMINDER_HOURS, type MemberPreferences } from 'shared-api';
import { notify } from 'shared-ui';

/** GET /user/me/preferences: the member's reminder setting (issue 27). */
export const preferencesQuery = () =>
  queryOptions({ queryKey: ['user', 'me', 'preferences'], queryFn: () => api.get<MemberPreferences>('/user/me/preferences') });

/**
 * 'Promemoria dei turni': off, or a mail N hours (1–72) before each booked shift. Loads on its own: the rest of the
 * profile never waits for it.
 */
export function ReminderCard() {
  const queryClient = useQueryClient();
  const preferences = useQuery(preferencesQuery());
  const [on, setOn] = useState(false);
  const [hours, setHours] = useState(String(REMINDER_HOURS.default));
  useEffect(() => {
    if (!preferences.data) return;
    setOn(preferences.data.reminder_hours !== null);
    setHours(String(preferences.data.reminder_hours ?? REMINDER_HOURS.default));
  }, [preferences.data]);
  const save = useMutation({
    mutationFn: (body: MemberPreferences) => api.patch<MemberPreferences>('/user/me/preferences', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesQuery().queryKey, saved);
      notify.success(
        saved.reminder_hours === null ? 'Promemoria disattivati' : `Promemoria salvati: ${saved.reminder_hours} ore prima di ogni turno`,
      );
    },
    onError: () => notify.error('Impossibile salvare i promemoria. Riprova più tardi.'),
  });
  const value = Number(hours);
  const valid = Number.isInteger(value) && value >= REMINDER_HOURS.min && value <= REMINDER_HOURS.max;

  return (
    <section className="shell-card" aria-label="Promemoria dei turni">
      <h2 className="shell-card__title">Promemoria dei turni</h2>
      <div className="shell-card__body">
        {preferences.isPending && <p role="status">Caricamento in corso...</p>}
        {preferences.isError && <p role="alert">Impossibile caricare i promemoria.</p>}
        {preferences.isSuccess && (
          <form
            className="shell-reminders"
            onSubmit={(e) => {
              e.preventDefault();
              if (!on || valid) save.mutate({ reminder_hours: on ? value : null });
            }}
          >
            <label className="shell-reminders__toggle">
              <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} /> Ricevi una email prima di ogni turno prenotato
            </label>
            {on && (
              <label className="shell-reminders__hours">
                Ore prima dell&apos;inizio
                <input
                  className="ui-input"
                  type="number"
                  min={REMINDER_HOURS.min}
                  max={REMINDER_HOURS.max}
                  step={1}
                  value={hours}
                  aria-invalid={!valid}
                  onChange={(e) => setHours(e.target.value)}
                />
              </label>
            )}
            {on && !valid && <p role="alert">{`Indica un numero intero di ore tra ${REMINDER_HOURS.min} e ${REMINDER_HOURS.max}`}</p>}
            <button type="submit" className="ui-btn ui-btn--primary" disabled={save.isPending || (on && !valid)}>
              Salva
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
