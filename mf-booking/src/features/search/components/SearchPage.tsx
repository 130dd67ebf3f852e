import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { TrainingSession } from 'shared-api';
import { PageLayout, formatDate } from 'shared-ui';
import { BOOK_PAGE } from '../../../components/page';
import { useGameTables } from '../../game-tables/api/get-game-tables';
import { sessionsQuery } from '../../sessions/get-sessions';
import { readFilters, writeFilters, type SearchFilters } from '../search-params';
import { LazyBookingModal } from '../../booking/components/LazyBookingModal';
import { ResultCard } from './ResultCard';
import { SearchPanel } from './SearchPanel';

const ONE_MINUTE = 60 * 1000;

/**
 * Cerca (spec 000 §2.10): the search panel, the filter tags and the free shifts of the chosen day; below them, the
 * shifts of the same filters that are booked out ('Turni al completo'), each with 'Avvisami se si libera' (issue 27).
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const filters = readFilters(params);
  const tables = useGameTables();
  const [booking, setBooking] = useState<TrainingSession | null>(null);
  /** The shift a waitlist mail links to (`book`, issue 27): its booking modal opens once, when it is among the results. */
  const [linked, setLinked] = useState(params.get('book'));
  const filter = {
    startDate: filters.date ?? '',
    endDate: filters.date ?? '',
    table_id: filters.table,
    startTime: filters.startTime,
    endTime: filters.endTime,
    // Each result says whether the member can book it, and why not (issue 26).
    bookability: true,
    limit: 100,
  };
  const results = useQuery({ ...sessionsQuery({ ...filter, available: true }, ONE_MINUTE), enabled: Boolean(filters.date) });
  // The booked shifts of the same filters, after the free ones: each offers its waitlist (issue 27).
  const full = useQuery({ ...sessionsQuery({ ...filter, available: false }, ONE_MINUTE), enabled: Boolean(filters.date) });

  const linkedSession = linked ? results.data?.find((s) => s._id === linked && s.bookability?.bookable !== false) : undefined;
  if (linkedSession && !booking) {
    setLinked(null);
    setBooking(linkedSession);
  }

  // The mail's shift booked by someone else before the member came (issue 44 item 8): the page says so.
  const linkedTaken = linked && !linkedSession ? full.data?.find((s) => s._id === linked) : undefined;

  const apply = (next: SearchFilters) =>
    void navigate({ pathname: location.pathname, search: `?${writeFilters(next).toString()}` }, { replace: true, state: next });
  const table = tables.data?.find((t) => t._id === filters.table);

  return (
    <PageLayout {...BOOK_PAGE} title="Cerca il turno più adatto a te">
      <SearchPanel key={params.toString()} initial={filters} onSearch={apply} />
      {filters.date && (
        <>
          <div className="bk-tags" aria-label="Filtri">
            <span>Risultati per:</span>
            <ul className="bk-tags__list">
              <li className="ui-badge">{formatDate(filters.date)}</li>
              {filters.table && (
                <li>
                  <button
                    type="button"
                    className="ui-badge ui-badge--accent"
                    aria-label={`Rimuovi filtro ${table ? `Tavolo ${table.number}` : 'tavolo'}`}
                    onClick={() => apply({ ...filters, table: null })}
                  >
                    {table ? `Tavolo ${table.number}` : 'Tavolo'} ×
                  </button>
                </li>
              )}
              {filters.startTime && (
                <li>
                  <button
                    type="button"
                    className="ui-badge ui-badge--accent"
                    aria-label={`Rimuovi filtro dalle ${filters.startTime}`}
                    onClick={() => apply({ ...filters, startTime: null })}
                  >
                    Dalle {filters.startTime} ×
                  </button>
                </li>
              )}
              {filters.endTime && (
                <li>
                  <button
                    type="button"
                    className="ui-badge ui-badge--accent"
                    aria-label={`Rimuovi filtro alle ${filters.endTime}`}
                    onClick={() => apply({ ...filters, endTime: null })}
                  >
                    Alle {filters.endTime} ×
                  </button>
                </li>
              )}
            </ul>
          </div>
          {linkedTaken && <LinkedTakenNotice session={linkedTaken} />}
          {results.isPending && (
            <p role="status" className="ui-loading">
              Caricamento in corso...
            </p>
          )}
          {results.isError && <p role="alert" className="ui-alert ui-alert--error">{`Si è verificato un errore: ${results.error.message}`}</p>}
          {results.data?.length === 0 && <p className="ui-empty">Nessun risultato trovato per i filtri selezionati.</p>}
          {results.data && results.data.length > 0 && (
            <ul className="bk-results" aria-label="Risultati">
              {results.data.map((session) => (
                <li key={`${session._id}-${session.specific_date}`}>
                  <ResultCard session={session} onBook={() => setBooking(session)} />
                </li>
              ))}
            </ul>
          )}
          {full.data && full.data.length > 0 && (
            <section className="bk-full" aria-labelledby="bk-full-title">
              <h2 id="bk-full-title">Turni al completo</h2>
              <ul className="bk-results" aria-label="Turni al completo">
                {full.data.map((session) => (
                  <li key={`${session._id}-${session.specific_date}`}>
                    <ResultCard session={session} onBook={() => undefined} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      {booking && <LazyBookingModal session={booking} date={booking.specific_date} mode="member" onClose={() => setBooking(null)} />}
    </PageLayout>
  );
}

/** The shift a waitlist mail linked to, booked meanwhile by someone who came first (issue 44 item 8). */
function LinkedTakenNotice({ session }: { session: TrainingSession }) {
  return (
    <p role="status" className="ui-alert ui-alert--info">
      {`Il turno «${session.title}» delle ${session.start_time.slice(0, 5)} - ${session.end_time.slice(0, 5)}, ` +
        `Tavolo ${session.game_table.number}, che ti abbiamo segnalato è già stato prenotato da un altro socio, arrivato prima di te. ` +
        'Lo trovi qui sotto tra i turni al completo.'}
    </p>
  );
}
