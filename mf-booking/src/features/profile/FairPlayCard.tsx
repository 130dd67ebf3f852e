import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from 'shared-ui';
import { myFairPlayQuery } from '../home/api';

/**
 * 'Correttezza nelle prenotazioni' (issue 42): the member's own record under their booking rule — the no-shows and late
 * cancellations counted in the rule's period, and a suspension with its end. The home page's rule block says it only
 * when there is something to say; the profile always shows it.
 */
export function FairPlayCard() {
  const record = useQuery(myFairPlayQuery());
  return (
    <section className="shell-card" aria-label="Correttezza nelle prenotazioni">
      <h2 className="shell-card__title">Correttezza nelle prenotazioni</h2>
      <div className="shell-card__body">
        {record.isPending && <p role="status">Caricamento in corso...</p>}
        {record.isError && <p role="alert">Impossibile caricare il tuo storico di presenze.</p>}
        {record.isSuccess && (
          <>
            <dl className="bk-fair-play">
              <dt>Assenze non giustificate</dt>
              <dd>{record.data.no_shows}</dd>
              <dt>Annullamenti tardivi</dt>
              <dd>{record.data.late_cancellations}</dd>
            </dl>
            <p className="bk-fair-play__note">Contati nel periodo della tua regola di prenotazione.</p>
            {record.data.suspended_until ? (
              <p role="note">
                <strong>
                  Prenotazioni sospese fino al <time dateTime={record.data.suspended_until}>{formatDateTime(record.data.suspended_until)}</time>
                </strong>
              </p>
            ) : (
              <p>Nessuna sospensione in corso: puoi prenotare.</p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
