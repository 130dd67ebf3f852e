import { useQuery } from '@tanstack/react-query';
import { formatDateTime, HomeBlock } from 'shared-ui';
import { myBookingRuleQuery, myFairPlayQuery } from './api';

const shifts = (n: number) => (n === 1 ? '1 turno' : `${n} turni`);

/**
 * The member's fair-play record under the rule (issue 42): a suspension with its end, and the counts within the
 * rule's period when there are any. Its own read; while it loads or if it fails the block says the rule only.
 */
function FairPlay() {
  const { data } = useQuery(myFairPlayQuery());
  if (!data) return null;
  const { no_shows, late_cancellations, suspended_until } = data;
  return (
    <>
      {suspended_until && (
        <p role="note">
          <strong>
            Prenotazioni sospese fino al <time dateTime={suspended_until}>{formatDateTime(suspended_until)}</time>
          </strong>{' '}
          per assenze non giustificate o annullamenti tardivi.
        </p>
      )}
      {(no_shows > 0 || late_cancellations > 0) && (
        <p>
          Nel periodo: {no_shows} {no_shows === 1 ? 'assenza non giustificata' : 'assenze non giustificate'}, {late_cancellations}{' '}
          {late_cancellations === 1 ? 'annullamento tardivo' : 'annullamenti tardivi'}.
        </p>
      )}
    </>
  );
}

/** 'Regole di prenotazione': the member's quotas and when the next shifts unlock (members who book only). */
export function RuleBlock() {
  const query = useQuery(myBookingRuleQuery());
  return (
    <HomeBlock title="Regole di prenotazione" query={query} failure="Impossibile caricare le regole di prenotazione." footer={<FairPlay />}>
      {({ rule, next_unlock }) =>
        rule ? (
          <>
            <p>
              <strong>{rule.name}</strong>: {shifts(rule.max_rounds_per_week)} a settimana, {shifts(rule.max_rounds_per_day)} al giorno.
            </p>
            {next_unlock ? (
              <p>
                Prossimo sblocco: <time dateTime={next_unlock.at}>{formatDateTime(next_unlock.at)}</time> (+{shifts(next_unlock.num_shifts)})
              </p>
            ) : (
              <p>Nessuno sblocco programmato.</p>
            )}
          </>
        ) : (
          <p>Nessun limite di prenotazione.</p>
        )
      }
    </HomeBlock>
  );
}
