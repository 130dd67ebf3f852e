import type { TrainingSession } from 'shared-api';
import { Modal, formatDate } from 'shared-ui';
import { hhmm } from '../../../lib/club-time';
import { opensText, refusalText } from '../../booking/bookability';
import { WaitlistAction } from '../../waitlist/components/WaitlistAction';
import { isBooked, participantNames } from '../event-style';

/**
 * An event's details (spec 000 §2.12): date, time, duration, table, participants, 'Chiudi'; for a free one the member
 * cannot book, why (the server's refusal) and when it opens; for one booked by others, 'Avvisami se si libera' (issue 27).
 */
export function EventDetailModal({ session, onClose }: { session: TrainingSession; onClose: () => void }) {
  const refusal = isBooked(session) ? null : refusalText(session.bookability);
  const opens = opensText(session.bookability);
  return (
    <Modal
      open
      title={session.title}
      onClose={onClose}
      footer={
        <button type="button" className="ui-btn ui-btn--primary" onClick={onClose}>
          Chiudi
        </button>
      }
    >
      <dl className="bk-facts">
        <dt>Data</dt>
        <dd>{formatDate(session.specific_date)}</dd>
        <dt>Orario</dt>
        <dd>{`${hhmm(session.start_time)} - ${hhmm(session.end_time)}`}</dd>
        <dt>Durata</dt>
        <dd>{`${session.duration} minuti`}</dd>
        <dt>Tavolo</dt>
        <dd>{`Tavolo ${session.game_table.number}`}</dd>
        <dt>Partecipanti</dt>
        <dd>{participantNames(session) || 'Nessun partecipante'}</dd>
      </dl>
      <WaitlistAction session={session} />
      {refusal && (
        <div className="bk-refusal">
          <p>{refusal}</p>
          {opens && <p>{opens}</p>}
        </div>
      )}
    </Modal>
  );
}
