import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { clubToday } from 'shared-ui';
import { certificatesAwaitingQuery, sessionsOfDayQuery } from './api';
import { HomeBlock } from './HomeBlock';

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

/** 'Certificati da approvare' (certificates staff): the uploads awaiting approval. */
export function CertificatesAwaitingBlock() {
  const query = useQuery(certificatesAwaitingQuery());
  return (
    <HomeBlock
      title="Certificati da approvare"
      query={query}
      failure="Impossibile caricare i certificati."
      footer={<Link to="/certificates/management">Gestione certificati</Link>}
    >
      {(awaiting) =>
        awaiting.length === 0 ? (
          <p>Nessun certificato da approvare.</p>
        ) : (
          <ul className="shell-home__list">
            {awaiting.map((c) => (
              <li key={c._id}>
                {c.user.surname} {c.user.name} · {c.type.name}
              </li>
            ))}
          </ul>
        )
      }
    </HomeBlock>
  );
}
