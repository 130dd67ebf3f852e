import { useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CalendarFeed } from 'shared-api';
import { ConfirmDialog, notify } from 'shared-ui';

/** GET /user/me/calendar-feed: the member's private subscription address, or null when off (issue 27). */
export const calendarFeedQuery = () =>
  queryOptions({ queryKey: ['user', 'me', 'calendar-feed'], queryFn: () => api.get<CalendarFeed>('/user/me/calendar-feed') });

/** The feed's address for a calendar app to subscribe to: webcal:// opens the phone's or computer's calendar (issue 44). */
export const webcalUrl = (url: string) => url.replace(/^https?:\/\//, 'webcal://');

/** Google Calendar's page that subscribes to the feed ('Aggiungi calendario da URL' with it filled in). */
export const googleCalendarUrl = (url: string) => `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl(url))}`;

const FAILED = "Impossibile aggiornare l'indirizzo del calendario. Riprova più tardi.";

/**
 * 'Calendario sul telefono': the address a phone's calendar app subscribes to, with the member's bookings. Copia,
 * Rigenera (the old address stops working at once: confirmed first) and Disattiva. Loads on its own: the rest of the
 * profile never waits for it.
 */
export function CalendarFeedCard() {
  const queryClient = useQueryClient();
  const feed = useQuery(calendarFeedQuery());
  const [confirming, setConfirming] = useState(false);
  const change = useMutation({
    mutationFn: (method: 'post' | 'delete') =>
      method === 'post' ? api.post<CalendarFeed>('/user/me/calendar-feed') : api.delete<CalendarFeed>('/user/me/calendar-feed'),
    onSuccess: (answer) => queryClient.setQueryData(calendarFeedQuery().queryKey, answer),
    onError: () => notify.error(FAILED),
  });
  const url = feed.data?.url ?? null;

  async function copy(address: string) {
    try {
      await navigator.clipboard.writeText(address);
      notify.success('Indirizzo copiato: incollalo nel calendario del telefono ("Aggiungi calendario da URL").');
    } catch {
      notify.error("Impossibile copiare: seleziona l'indirizzo e copialo a mano.");
    }
  }

  return (
    <section className="shell-card" aria-label="Calendario sul telefono">
      <h2 className="shell-card__title">Calendario sul telefono</h2>
      <div className="shell-card__body shell-calendar-feed">
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
              className="ui-input shell-calendar-feed__url"
              aria-label="Indirizzo del calendario"
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
            />
            <div className="shell-calendar-feed__actions">
              <a className="ui-btn ui-btn--primary" href={webcalUrl(url)}>
                Aggiungi al calendario
              </a>
              <a className="ui-btn ui-btn--secondary" href={googleCalendarUrl(url)} target="_blank" rel="noopener noreferrer">
                Aggiungi a Google Calendar
              </a>
              <button type="button" className="ui-btn ui-btn--secondary" onClick={() => void copy(url)}>
                Copia
              </button>
              <button type="button" className="ui-btn ui-btn--secondary" disabled={change.isPending} onClick={() => setConfirming(true)}>
                Rigenera
              </button>
              <button type="button" className="ui-btn ui-btn--secondary" disabled={change.isPending} onClick={() => change.mutate('delete')}>
                Disattiva
              </button>
            </div>
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Rigenera indirizzo"
        message="Il vecchio indirizzo smetterà subito di funzionare: dovrai aggiungere quello nuovo al calendario del telefono. Continuare?"
        confirmLabel="Rigenera"
        pending={change.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await change.mutateAsync('post');
          setConfirming(false);
          notify.success('Nuovo indirizzo creato: il vecchio non funziona più.');
        }}
      />
    </section>
  );
}
