import type { GameTable } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';

/** Columns of the game tables download (GET /training-session/game-tables/export). */
export const GAME_TABLE_EXPORT_COLUMNS: ExportColumn<GameTable>[] = [
  { header: 'Numero', value: (t) => t.number, width: 0.5 },
  { header: 'Descrizione', value: (t) => t.description, width: 2 },
];
