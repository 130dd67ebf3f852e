import type { TrainingSession } from 'shared-api';
import { Modal, formatDate } from 'shared-ui';
import { hhmm } from '../../../lib/club-time';
import { participantNames } from '../event-style';

/** A booked event's details (spec 000 §2.12): date, time, duration, table, participants, 'Chiudi'. */
export function EventDetailModal({ session, onClose }: { session: TrainingSession; onClose: () => void }) {
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
    </Modal>
  );
}
