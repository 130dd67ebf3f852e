import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from 'shared-ui';
import { myBookingRuleQuery } from './api';
import { HomeBlock } from './HomeBlock';

const shifts = (n: number) => (n === 1 ? '1 turno' : `${n} turni`);

/** 'Regole di prenotazione': the member's quotas and when the next shifts unlock (members who book only). */
export function RuleBlock() {
  const query = useQuery(myBookingRuleQuery());
  return (
    <HomeBlock title="Regole di prenotazione" query={query} failure="Impossibile caricare le regole di prenotazione.">
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
