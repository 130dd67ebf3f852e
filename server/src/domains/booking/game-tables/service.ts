import type { GameTable, GameTablePayload } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { EditableService } from '../../../core/resources/service';
import { GameTableRepository, type GameTableSortKey } from './repository';

export type GameTableService = EditableService<GameTable, GameTablePayload, GameTableSortKey>;

/** Game tables: a unique number; none deleted while training sessions use it. */
export const gameTableService = (db: Db): GameTableService =>
  new EditableService(db, new GameTableRepository(db), {
    notFound: 'GAME_TABLE_NOT_FOUND',
    inUse: { code: 'GAME_TABLE_IN_USE', message: (holders) => `Impossibile eliminare il tavolo: è usato da ${holders}.` },
    uniqueName: { constraint: 'game_tables_number_key', code: 'GAME_TABLE_NUMBER_TAKEN' },
  });
