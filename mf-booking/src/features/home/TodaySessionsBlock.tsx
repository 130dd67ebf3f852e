import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { TrainingSession } from 'shared-api';
import { clubToday, HOME_LIST_LIMIT, HomeBlock, HomeList, HomeMoreLink } from 'shared-ui';
import { sessionsOfDayQuery } from './api';

/** The admin calendar's day view on today (the calendar's date defaults to today: docs/booking.md). */
export const TODAY_CALENDAR = '/bookings/calendar?view=day';

const who = (s: TrainingSession) => (s.booking_id ? s.participants.map((p) => `${p.name} ${p.surname}`).join(', ') || 'Prenotato' : 'Libero');

/** The calendar link's text when the block leaves some of today's shifts to it. */
function othersLabel(hidden: number, shown: number): string {
  if (shown === 0) return hidden === 1 ? 'Vedi il turno nel calendario' : `Vedi i ${hidden} turni nel calendario`;
  return hidden === 1 ? '+ 1 altro turno nel calendario' : `+ altri ${hidden} turni nel calendario`;
}

/**
 * 'Turni di oggi' (bookings staff): the next of today's occurrences at the club, booked or free — those running or
 * still to come, soonest first (the server's order: start time, then table) — at most HOME_LIST_LIMIT (shared-ui's
 * bounded home list: the block keeps its height, issue 44 item 10), each on one line
 * (time, table, who, then the session's title, which gives way first on a narrow block), and the link to the day in
 * the admin calendar with the count of the others (the ended ones included).
 */
export function TodaySessionsBlock() {
  const query = useQuery(sessionsOfDayQuery(clubToday()));
  return (
    <HomeBlock title="Turni di oggi" query={query} failure="Impossibile caricare i turni di oggi.">
      {({ data }) => {
        if (data.length === 0)
          return (
            <>
              <p>Nessun turno oggi.</p>
              <Link to={TODAY_CALENDAR}>Calendario prenotazioni</Link>
            </>
          );
        const now = Date.now();
        const upcoming = data.filter((s) => Date.parse(s.end_at) > now);
        const shown = Math.min(upcoming.length, HOME_LIST_LIMIT);
        return (
          <>
            {shown === 0 ? (
              <p>I turni di oggi sono finiti.</p>
            ) : (
              <HomeList items={upcoming} itemKey={(s) => `${s._id}-${s.specific_date}`}>
                {(s) => `${s.start_time.slice(0, 5)}–${s.end_time.slice(0, 5)} · Tavolo ${s.game_table.number} — ${who(s)} · ${s.title}`}
              </HomeList>
            )}
            <HomeMoreLink
              to={TODAY_CALENDAR}
              label="Calendario prenotazioni"
              hidden={data.length - shown}
              others={(hidden) => othersLabel(hidden, shown)}
            />
          </>
        );
      }}
    </HomeBlock>
  );
}
