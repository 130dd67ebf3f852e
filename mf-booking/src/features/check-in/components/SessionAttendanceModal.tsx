import { useQuery } from '@tanstack/react-query';
import { Modal } from 'shared-ui';
import { attendanceQuery } from '../api/attendance';
import { BookingAttendance } from './BookingAttendance';

/** A booked shift's 'Presenze' from the admin calendar's detail (issue 42): who checked in, staff marking them present. */
export function SessionAttendanceModal({
  title,
  when,
  date,
  bookingId,
  onClose,
}: {
  title: string;
  when: string;
  date: string;
  bookingId: string;
  onClose: () => void;
}) {
  const day = useQuery(attendanceQuery(date));
  const row = day.data?.find((r) => r.booking_id === bookingId);
  return (
    <Modal
      open
      title={`Presenze – ${title}`}
      onClose={onClose}
      footer={
        <button type="button" className="ui-btn ui-btn--primary" onClick={onClose}>
          Chiudi
        </button>
      }
    >
      <p>{when}</p>
      {day.isPending && (
        <p role="status" className="ui-loading">
          Caricamento in corso...
        </p>
      )}
      {day.isError && (
        <div role="alert" className="ui-alert ui-alert--error">
          Errore durante il recupero delle presenze.{' '}
          <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm" onClick={() => void day.refetch()} disabled={day.isFetching}>
            Ricarica
          </button>
        </div>
      )}
      {day.data && (row ? <BookingAttendance row={row} heading={false} /> : <p className="ui-empty">La prenotazione non è più attiva.</p>)}
    </Modal>
  );
}
