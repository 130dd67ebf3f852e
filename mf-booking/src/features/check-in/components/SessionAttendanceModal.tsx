import { useQuery } from '@tanstack/react-query';
import { Modal } from 'shared-ui';
import { attendanceQuery } from '../api/attendance';
import { AttendanceState } from './AttendanceState';
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
      <AttendanceState query={day} />
      {day.data && (row ? <BookingAttendance row={row} heading={false} /> : <p className="ui-empty">La prenotazione non è più attiva.</p>)}
    </Modal>
  );
}
