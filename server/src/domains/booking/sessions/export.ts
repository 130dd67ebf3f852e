import type { TrainingSession, TrainingSessionExportQuery } from 'shared-api/contract';
import { TRAINING_SESSIONS_EXPORT_MAX_DAYS } from 'shared-api/contract';
import { DomainError } from '../../../core/errors';
import { addDays } from '../dates';
import { trainingSessionsExportHeading } from './export-columns';
import type { TrainingSessionRepository } from './repository';

/** The download reads its range this many days at a time. */
const EXPORT_DAYS_PER_PAGE = 7;

/** What GET /training-session/export writes: the heading and the occurrences, a week at a time. */
export type SessionsDownload = ReturnType<typeof trainingSessionsExportHeading> & { rows: AsyncIterable<TrainingSession[]> };

/**
 * The download of GET /training-session/export: the occurrences of GET /training-session for the range (both days
 * included, at most TRAINING_SESSIONS_EXPORT_MAX_DAYS), table and available filter, and the heading that says so.
 */
export async function sessionsDownload(
  repo: TrainingSessionRepository,
  query: Omit<TrainingSessionExportQuery, 'format'>,
): Promise<SessionsDownload> {
  const rows = exportPages(repo, query);
  const tableId = query.table_id ?? query.table;
  const tableNumber = tableId ? await repo.tableNumber(tableId) : null;
  if (tableNumber === undefined) throw new DomainError('GAME_TABLE_NOT_FOUND');
  return { rows, ...trainingSessionsExportHeading(query, tableNumber) };
}

/**
 * The occurrences of the download, a week at a time (a year is 53 reads of a week's occurrences, each letting other
 * requests in, and each stepping aside between its statements: repository.allOccurrences), in the list's order. The
 * range is checked before the first page is read.
 */
function exportPages(repo: TrainingSessionRepository, query: Omit<TrainingSessionExportQuery, 'format'>): AsyncIterable<TrainingSession[]> {
  if (query.endDate < query.startDate) throw new DomainError('SESSIONS_EXPORT_END_BEFORE_START');
  if (query.endDate > addDays(query.startDate, TRAINING_SESSIONS_EXPORT_MAX_DAYS - 1)) throw new DomainError('SESSIONS_EXPORT_RANGE_TOO_WIDE');
  return weeksOf(repo, query);
}

async function* weeksOf(repo: TrainingSessionRepository, query: Omit<TrainingSessionExportQuery, 'format'>): AsyncIterable<TrainingSession[]> {
  for (let from = query.startDate; from <= query.endDate; from = addDays(from, EXPORT_DAYS_PER_PAGE)) {
    const to = addDays(from, EXPORT_DAYS_PER_PAGE - 1);
    const filter = { tableId: query.table_id ?? query.table, available: query.available };
    yield await repo.allOccurrences(from, to < query.endDate ? to : query.endDate, filter);
  }
}
