import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { TrainingSession } from 'shared-api';
import { clubToday, HomeBlock } from 'shared-ui';
import { sessionsOfDayQuery } from './api';

/**
 * How many of today's shifts the block lists (issue 44 item 10): three one-line shifts and the link to the calendar
 * fit a home block's height (204 px from 700 px wide), so the block no longer grows when its shifts arrive and
 * pushes the page's section grid down (every shift of the day took 728 px on the demo club).
 */
export const TODAY_SHOWN = 3;

/** The admin calendar's day view on today (the calendar's date defaults to today: docs/booking.md). */
export const TODAY_CALENDAR = '/bookings/calendar?view=day';

const who = (s: TrainingSession) => (s.booking_id ? s.participants.map((p) => `${p.name} ${p.surname}`).join(', ') || 'Prenotato' : 'Libero');

/** The calendar link, saying how many of today's shifts the block leaves to it. */
function moreLabel(hidden: number, shown: number): string {
  if (hidden === 0) return 'Calendario prenotazioni';
  if (shown === 0) return hidden === 1 ? 'Vedi il turno nel calendario' : `Vedi i ${hidden} turni nel calendario`;
  return hidden === 1 ? '+ 1 altro turno nel calendario' : `+ altri ${hidden} turni nel calendario`;
}

/**
 * 'Turni di oggi' (bookings staff): the next of today's occurrences at the club, booked or free — those running or
 * still to come, soonest first (the server's order: start time, then table) — at most TODAY_SHOWN, each on one line
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
        const shown = data.filter((s) => Date.parse(s.end_at) > now).slice(0, TODAY_SHOWN);
        return (
          <>
            {shown.length === 0 ? (
              <p>I turni di oggi sono finiti.</p>
            ) : (
              <ul className="shell-home__list shell-home__list--lines">
                {shown.map((s) => (
                  <li key={`${s._id}-${s.specific_date}`}>
                    {s.start_time.slice(0, 5)}–{s.end_time.slice(0, 5)} · Tavolo {s.game_table.number} — {who(s)} · {s.title}
                  </li>
                ))}
              </ul>
            )}
            <Link to={TODAY_CALENDAR}>{moreLabel(data.length - shown.length, shown.length)}</Link>
          </>
        );
      }}
    </HomeBlock>
  );
}
