import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { clubToday, HomeBlock } from 'shared-ui';
import { sessionsOfDayQuery } from './api';

/** 'Turni di oggi' (bookings staff): today's occurrences at the club, booked or free. */
export function TodaySessionsBlock() {
  const query = useQuery(sessionsOfDayQuery(clubToday()));
  return (
    <HomeBlock
      title="Turni di oggi"
      query={query}
      failure="Impossibile caricare i turni di oggi."
      footer={<Link to="/bookings/calendar">Calendario prenotazioni</Link>}
    >
      {({ data }) =>
        data.length === 0 ? (
          <p>Nessun turno oggi.</p>
        ) : (
          <ul className="shell-home__list">
            {data.map((s) => (
              <li key={`${s._id}-${s.specific_date}`}>
                {s.start_time.slice(0, 5)}–{s.end_time.slice(0, 5)} · Tavolo {s.game_table.number} · {s.title} —{' '}
                {s.booking_id ? s.participants.map((p) => `${p.name} ${p.surname}`).join(', ') || 'Prenotato' : 'Libero'}
              </li>
            ))}
          </ul>
        )
      }
    </HomeBlock>
  );
}
