import { Modal } from 'shared-ui';
import { useCalendarFeed } from '../../../lib/calendar-feed';
import { FeedAddressActions } from '../../../lib/FeedAddressActions';
import type { GameTable } from '../../../api/types';
import { GAME_TABLES_PATH } from '../api/get-game-tables';

const feedPath = (table: GameTable) => `${GAME_TABLES_PATH}/${table._id}/calendar-feed`;

/**
 * 'Calendario del tavolo' (issue 44 item 8): the private address a calendar subscribes to with a table's bookings
 * (GET/POST/DELETE /training-session/game-tables/{id}/calendar-feed), as the member's profile offers theirs: Attiva,
 * then the address with 'Aggiungi al calendario', Copia, Rigenera (the old address stops at once: confirmed) and
 * Disattiva.
 */
export function TableFeedModal({ table, onClose }: { table: GameTable; onClose: () => void }) {
  const { feed, change, url, copy } = useCalendarFeed(
    ['game-table-calendar-feed', table._id],
    feedPath(table),
    'Indirizzo copiato: incollalo nel calendario ("Aggiungi calendario da URL").',
  );

  return (
    <Modal open title={`Calendario del Tavolo ${table.number}`} onClose={onClose}>
      {feed.isPending && (
        <p role="status" className="ui-loading">
          Caricamento in corso...
        </p>
      )}
      {feed.isError && (
        <p role="alert" className="ui-alert ui-alert--error">
          Impossibile caricare l&apos;indirizzo del calendario.
        </p>
      )}
      {feed.isSuccess && !url && (
        <>
          <p>Le prenotazioni del tavolo in un calendario, aggiornate da sole: attiva un indirizzo privato e aggiungilo al calendario.</p>
          <button type="button" className="ui-btn ui-btn--primary" disabled={change.isPending} onClick={() => change.mutate('post')}>
            Attiva
          </button>
        </>
      )}
      {feed.isSuccess && url && (
        <>
          <p>Indirizzo privato del calendario del tavolo: chi lo conosce vede le prenotazioni e i nomi dei partecipanti. Non condividerlo.</p>
          <input className="ui-input" aria-label="Indirizzo del calendario" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <FeedAddressActions
            url={url}
            change={change}
            copy={copy}
            className="ui-row"
            regenerateMessage="Il vecchio indirizzo smetterà subito di funzionare: chi lo usa dovrà aggiungere quello nuovo. Continuare?"
          />
        </>
      )}
    </Modal>
  );
}
