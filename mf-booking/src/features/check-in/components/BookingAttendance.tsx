import type { AttendanceRow } from 'shared-api';
import { useStaffCheckIn } from '../api/attendance';

/**
 * One booking's attendance for the bookings staff (issue 42): each participant 'Presente' or not yet, a button to
 * mark one present and one for all of them; a booking released as a no-show says 'Non presentato' and takes none.
 */
export function BookingAttendance({ row, heading = true }: { row: AttendanceRow; heading?: boolean }) {
  const checkIn = useStaffCheckIn();
  const missing = row.participants.filter((p) => !p.checked_in);
  const mark = (userIds?: string[]) => void checkIn.run({ bookingId: row.booking_id, userIds }).catch(() => undefined);
  const titleId = `attendance-${row.booking_id}`;
  return (
    <article className="ui-card bk-attendance" aria-labelledby={heading ? titleId : undefined} aria-busy={checkIn.isPending || undefined}>
      {heading && (
        <h3 id={titleId} className="ui-card__title">
          {`${row.start_time}-${row.end_time} · Tavolo ${row.table_number} · ${row.title}`}
        </h3>
      )}
      {row.no_show && (
        <p>
          <span className="ui-badge ui-badge--danger">Non presentato</span> Nessuno ha registrato la presenza: il turno è stato liberato.
        </p>
      )}
      <ul className="bk-attendance__people">
        {row.participants.map((p) => {
          const name = `${p.name} ${p.surname}`;
          return (
            <li key={p._id}>
              <span>{name}</span>
              {p.checked_in ? (
                <span className="ui-badge ui-badge--success">Presente</span>
              ) : row.no_show ? (
                <span className="ui-badge ui-badge--danger">Assente</span>
              ) : (
                <>
                  <span className="ui-badge">Non registrato</span>
                  <button
                    type="button"
                    className="ui-btn ui-btn--secondary ui-btn--sm"
                    disabled={checkIn.isPending}
                    aria-label={`Segna presente ${name}`}
                    onClick={() => mark([p._id])}
                  >
                    Segna presente
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {!row.no_show && missing.length > 1 && (
        <button type="button" className="ui-btn ui-btn--primary ui-btn--sm" disabled={checkIn.isPending} onClick={() => mark()}>
          Segna tutti presenti
        </button>
      )}
    </article>
  );
}
