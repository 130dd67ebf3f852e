import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AttendanceRow } from 'shared-api';
import { DateInput, PageLayout, clubToday } from 'shared-ui';
import { ADMIN_PAGE } from '../../../components/page';
import { attendanceQuery } from '../api/attendance';
import { AttendanceState } from './AttendanceState';
import { BookingAttendance } from './BookingAttendance';

/** The day's bookings in progress now, then the others by start. */
function split(rows: AttendanceRow[], now: number): { current: AttendanceRow[]; others: AttendanceRow[] } {
  const isCurrent = (r: AttendanceRow) => Date.parse(r.start_at) <= now && now < Date.parse(r.end_at);
  return { current: rows.filter(isCurrent), others: rows.filter((r) => !isCurrent(r)) };
}

/**
 * Presenze (bookings staff, issue 42): a day's bookings — today by default — with who has checked in at the table,
 * those in progress first; staff mark a participant present (the member forgot the phone, the code is damaged). A
 * booking nobody checked in to by the end of the window is released on its own and shown as 'Non presentato'.
 */
export function AttendancePage() {
  const [date, setDate] = useState(() => clubToday());
  const dateId = useId();
  const day = useQuery(attendanceQuery(date));
  const groups = day.data ? split(day.data, Date.now()) : null;
  return (
    <PageLayout {...ADMIN_PAGE} title="Presenze">
      <div className="bk-attendance__day">
        <DateInput name={`${dateId}-date`} label="Giorno" value={date} onChange={(next) => next && setDate(next)} />
      </div>
      <p className="ui-muted">
        Le prenotazioni del giorno e chi ha registrato la presenza al tavolo. Una prenotazione senza nessuna presenza alla chiusura della
        registrazione viene liberata per la lista d’attesa.
      </p>
      <AttendanceState query={day} />
      {groups && day.data?.length === 0 && <p className="ui-empty">Nessuna prenotazione in questo giorno</p>}
      {groups && groups.current.length > 0 && (
        <section aria-labelledby={`${dateId}-now`} className="bk-attendance__group">
          <h2 id={`${dateId}-now`}>In corso</h2>
          {groups.current.map((r) => (
            <BookingAttendance key={r.booking_id} row={r} />
          ))}
        </section>
      )}
      {groups && groups.others.length > 0 && (
        <section aria-labelledby={`${dateId}-day`} className="bk-attendance__group">
          <h2 id={`${dateId}-day`}>{groups.current.length > 0 ? 'Altri turni del giorno' : 'Turni del giorno'}</h2>
          {groups.others.map((r) => (
            <BookingAttendance key={r.booking_id} row={r} />
          ))}
        </section>
      )}
    </PageLayout>
  );
}
