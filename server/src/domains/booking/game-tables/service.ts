import type { AvailabilityQuery, AvailabilityResponse, GameTable, GameTablePayload } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { EditableService } from '../../../core/resources/service';
import { addDays } from '../dates';
import type { TrainingSessionService } from '../sessions/service';
import { GameTableRepository, type GameTableSortKey } from './repository';

/** The longest range of a table's availability, in days after its first. */
const AVAILABILITY_MAX_DAYS = 400;

/** Game tables: a unique number; none deleted while training sessions use it; a table's shifts, free or booked. */
export class GameTableService extends EditableService<GameTable, GameTablePayload, GameTableSortKey> {
  constructor(
    db: Db,
    private readonly sessions: TrainingSessionService,
  ) {
    super(db, new GameTableRepository(db), {
      notFound: 'GAME_TABLE_NOT_FOUND',
      inUse: { code: 'GAME_TABLE_IN_USE', message: (holders) => `Impossibile eliminare il tavolo: è usato da ${holders}.` },
      uniqueName: { constraint: 'game_tables_number_key', code: 'GAME_TABLE_NUMBER_TAKEN' },
    });
  }

  /** The table's shifts on a day (or in a range of at most AVAILABILITY_MAX_DAYS days), free or booked. */
  async availability(id: string, query: AvailabilityQuery): Promise<AvailabilityResponse> {
    await this.get(id);
    const from = query.date ?? query.startDate ?? '';
    const to = query.date ?? query.endDate ?? from;
    const last = addDays(from, AVAILABILITY_MAX_DAYS);
    const { data } = await this.sessions.list({ startDate: from, endDate: to > last ? last : to, table_id: id, page: 1, limit: 0 });
    return {
      data: data.map((o) => ({
        session_id: o._id,
        title: o.title,
        date: o.specific_date,
        start_time: o.start_time,
        end_time: o.end_time,
        available: !o.booking_id,
        booking_id: o.booking_id,
      })),
    };
  }
}
