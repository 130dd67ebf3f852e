import { useCalendarFeed, webcalUrl } from '../../lib/calendar-feed';
import { FeedAddressActions } from '../../lib/FeedAddressActions';

/** Google Calendar's page that subscribes to the feed ('Aggiungi calendario da URL' with it filled in). */
export const googleCalendarUrl = (url: string) => `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl(url))}`;

/**
 * 'Calendario sul telefono': the address a phone's calendar app subscribes to, with the member's bookings. Copia,
 * Rigenera (the old address stops working at once: confirmed first) and Disattiva. Loads on its own: the rest of the
 * profile never waits for it.
 */
export function CalendarFeedCard() {
  // GET /user/me/calendar-feed: the member's private subscription address, or null when off (issue 27).
  const { feed, change, url, copy } = useCalendarFeed(
    ['user', 'me', 'calendar-feed'],
    '/user/me/calendar-feed',
    'Indirizzo copiato: incollalo nel calendario del telefono ("Aggiungi calendario da URL").',
  );

  return (
    <section className="shell-card" aria-label="Calendario sul telefono">
      <h2 className="shell-card__title">Calendario sul telefono</h2>
      <div className="shell-card__body bk-calendar-feed">
        {feed.isPending && <p role="status">Caricamento in corso...</p>}
        {feed.isError && (
          <p role="alert">
            Impossibile caricare l&apos;indirizzo del calendario.{' '}
            <button type="button" className="ui-btn ui-btn--secondary" onClick={() => void feed.refetch()}>
              Riprova
            </button>
          </p>
        )}
        {feed.isSuccess && !url && (
          <>
            <p>Le tue prenotazioni nel calendario del telefono, aggiornate da sole: attiva un indirizzo privato e aggiungilo al calendario.</p>
            <button type="button" className="ui-btn ui-btn--primary" disabled={change.isPending} onClick={() => change.mutate('post')}>
              Attiva
            </button>
          </>
        )}
        {feed.isSuccess && url && (
          <>
            <p>Indirizzo privato del tuo calendario: chi lo conosce vede le tue prenotazioni. Non condividerlo.</p>
            <input
              className="ui-input bk-calendar-feed__url"
              aria-label="Indirizzo del calendario"
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
            />
            <FeedAddressActions
              url={url}
              change={change}
              copy={copy}
              className="bk-calendar-feed__actions"
              regenerateMessage="Il vecchio indirizzo smetterà subito di funzionare: dovrai aggiungere quello nuovo al calendario del telefono. Continuare?"
              extra={
                <a className="ui-btn ui-btn--secondary" href={googleCalendarUrl(url)} target="_blank" rel="noopener noreferrer">
                  Aggiungi a Google Calendar
                </a>
              }
            />
          </>
        )}
      </div>
    </section>
  );
}
