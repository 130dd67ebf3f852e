import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AuditEntry, type MyActivity, api } from 'shared-api';
import { AUDIT_ACTION_LABELS, auditFieldLabel } from 'shared-api/audit-labels';
import { formatDateTime } from 'shared-ui';

/** GET /user/me/activity: the member's last 20 sign-ins and changes to their profile (issue 28). Under ['user', 'me'], so a saved change refreshes it. */
export const myActivityQuery = () => queryOptions({ queryKey: ['user', 'me', 'activity'], queryFn: () => api.get<MyActivity>('/user/me/activity') });

/** The profile's fields in the member's words; another field shows its own name. */
function describe(entry: AuditEntry, ownId: string | undefined): string {
  if (entry.action === 'sign-in') return entry.ip ? `Accesso da ${entry.ip}` : 'Accesso';
  const fields = Object.keys(entry.changes).map(auditFieldLabel);
  const by = entry.actor && entry.actor._id !== ownId ? ` (da ${entry.actor.name} ${entry.actor.surname})` : '';
  return `${AUDIT_ACTION_LABELS[entry.action]}${fields.length ? `: ${fields.join(', ')}` : ''}${by}`;
}

/** 'Attività recente': the member's own sign-ins and the changes to their profile, newest first. Loads on its own. */
export function ActivityCard({ userId }: { userId: string | undefined }) {
  const activity = useQuery(myActivityQuery());
  const entries = activity.data?.data ?? [];
  return (
    <section className="shell-card" aria-label="Attività recente">
      <h2 className="shell-card__title">Attività recente</h2>
      <div className="shell-card__body">
        {activity.isPending && <p>Caricamento in corso...</p>}
        {activity.isError && <p role="alert">Impossibile caricare l'attività recente. Riprova più tardi.</p>}
        {activity.isSuccess && !entries.length && <p>Nessuna attività registrata.</p>}
        {entries.length > 0 && (
          <ul className="shell-activity">
            {entries.map((entry) => (
              <li key={entry._id} className="shell-activity__item">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                <span>{describe(entry, userId)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
