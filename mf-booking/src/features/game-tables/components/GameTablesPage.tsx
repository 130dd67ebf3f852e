import QrCode from 'lucide-react/icons/qr-code';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { lazy, useState } from 'react';
import { download, errorText } from 'shared-api';
import { ConfirmAction, DeleteIcon, EditIcon, ExportMenu, PageLayout, ModalSuspense, notify } from 'shared-ui';
import { downloadCheckInSheet, useNewCheckInLink } from '../../check-in/api/check-in';
import type { GameTable } from '../../../api/types';
import { ADMIN_PAGE } from '../../../components/page';
import { GAME_TABLES_PATH, useGameTables } from '../api/get-game-tables';
import { useDeleteGameTable } from '../api/save-game-table';

const GameTableFormModal = lazy(() => import('./GameTableFormModal').then((m) => ({ default: m.GameTableFormModal })));
const TableFeedModal = lazy(() => import('./TableFeedModal').then((m) => ({ default: m.TableFeedModal })));

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete' | 'feed' | 'new-code'; table: GameTable } | null;

/**
 * Gestione tavoli (spec 001 §2): one card per table with its number and description, and an add-table card; 'Scarica'
 * downloads the tables as every admin list page does (spec 001 §1; the server names the file tavoli.<ext>).
 */
export function GameTablesPage() {
  const tables = useGameTables();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const deleteTable = useDeleteGameTable();
  const newCode = useNewCheckInLink();
  const sheet = (table: GameTable) =>
    downloadCheckInSheet(table._id, table.number).catch((error: unknown) =>
      notify.error(errorText(error, 'Impossibile scaricare il foglio delle presenze')),
    );

  return (
    <PageLayout {...ADMIN_PAGE} title="Gestione tavoli">
      <div className="ui-row bk-table-toolbar">
        <ExportMenu onExport={(format) => download(`${GAME_TABLES_PATH}/export`, format === 'pdf' ? 'tavoli' : `tavoli.${format}`, { format })} />
      </div>
      {tables.isPending && (
        <p role="status" className="ui-loading">
          Caricamento in corso...
        </p>
      )}
      {tables.isError && (
        <div className="ui-alert ui-alert--error" role="alert">
          Errore durante il recupero dei tavoli di gioco.{' '}
          <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm" onClick={() => void tables.refetch()}>
            Ricarica
          </button>
        </div>
      )}
      {tables.data && (
        <ul className="bk-table-grid" aria-label="Tavoli">
          {tables.data.map((table) => (
            <li key={table._id} className="ui-card bk-table-card">
              <h2 className="ui-card__title">Tavolo {table.number}</h2>
              <p className="bk-table-card__description">{table.description}</p>
              <div className="ui-row">
                <button
                  type="button"
                  className="ui-btn ui-btn--ghost ui-btn--icon"
                  aria-label={`Modifica Tavolo ${table.number}`}
                  onClick={() => setDialog({ kind: 'edit', table })}
                >
                  <EditIcon />
                </button>
                <button
                  type="button"
                  className="ui-btn ui-btn--ghost ui-btn--sm"
                  aria-label={`Calendario del Tavolo ${table.number}`}
                  onClick={() => setDialog({ kind: 'feed', table })}
                >
                  Calendario
                </button>
                <button
                  type="button"
                  className="ui-btn ui-btn--ghost ui-btn--icon"
                  aria-label={`Elimina Tavolo ${table.number}`}
                  onClick={() => setDialog({ kind: 'delete', table })}
                >
                  <DeleteIcon />
                </button>
              </div>
              {/* Check-in at the table (issue 42): the sheet with the table's QR code, and a new code revoking it. */}
              <div className="ui-row">
                <button type="button" className="ui-btn ui-btn--ghost ui-btn--sm" onClick={() => void sheet(table)}>
                  <QrCode size={16} aria-hidden="true" /> Foglio presenze
                  <span className="ui-visually-hidden">{` Tavolo ${table.number}`}</span>
                </button>
                <button type="button" className="ui-btn ui-btn--ghost ui-btn--sm" onClick={() => setDialog({ kind: 'new-code', table })}>
                  <RefreshCw size={16} aria-hidden="true" /> Nuovo codice
                  <span className="ui-visually-hidden">{` Tavolo ${table.number}`}</span>
                </button>
              </div>
            </li>
          ))}
          <li className="ui-card bk-table-card bk-table-card--add">
            <button type="button" className="ui-btn ui-btn--secondary" onClick={() => setDialog({ kind: 'create' })}>
              + Aggiungi tavolo
            </button>
          </li>
        </ul>
      )}

      <ModalSuspense>
        {dialog?.kind === 'create' && <GameTableFormModal onClose={close} />}
        {dialog?.kind === 'edit' && <GameTableFormModal key={dialog.table._id} table={dialog.table} onClose={close} />}
        {dialog?.kind === 'feed' && <TableFeedModal key={dialog.table._id} table={dialog.table} onClose={close} />}
      </ModalSuspense>
      <ConfirmAction
        target={dialog?.kind === 'delete' ? dialog.table : null}
        title="Elimina tavolo"
        message={(t) => `Sei sicuro di voler eliminare il Tavolo ${t.number}? L'operazione non è reversibile`}
        confirmLabel="Elimina"
        danger
        action={(t) => deleteTable.run(t._id)}
        onClose={close}
      />
      <ConfirmAction
        target={dialog?.kind === 'new-code' ? dialog.table : null}
        title="Nuovo codice presenze"
        message={(t) => `Il foglio delle presenze già stampato per il Tavolo ${t.number} smetterà di funzionare. Vuoi generare un nuovo codice?`}
        confirmLabel="Genera"
        action={(t) => newCode.run(t._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
