import type {
  FreeSessionsQuery,
  FreeSessionsRow,
  FreeSessionsSummary,
  ListMeta,
  PlayedSessionsQuery,
  PlayedSessionsRow,
  PlayedSessionsSummary,
  StatisticsSummaryQuery,
  TableWeeksQuery,
  TableWeeksRow,
} from 'shared-api/contract';
import { formatItalianDate } from '../../../core/time';
import type { PlayedFilter, StatisticsFilter, StatisticsRepository } from './repository';

type ExportQuery<Q> = Omit<Q, 'page' | 'limit'>;

/** Hours from minutes, two decimals (90 → 1.5, 100 → 1.67). */
export const hoursOf = (minutes: number): number => Math.round((minutes / 60) * 100) / 100;
/** Booked over offered (0 when nothing was offered), four decimals: a share, the pages show it as a percentage. */
export const occupancyOf = (booked: number, offered: number): number => (offered > 0 ? Math.round((booked / offered) * 10_000) / 10_000 : 0);

const withHours = <T extends { minutes_played: number }>(row: T): T & { hours_played: number } => ({
  ...row,
  hours_played: hoursOf(row.minutes_played),
});
const withFree = <T extends { offered: number; booked: number }>(row: T): T & { free: number; occupancy: number } => ({
  ...row,
  free: row.offered - row.booked,
  occupancy: occupancyOf(row.booked, row.offered),
});

/**
 * The statistics' rules (docs/booking.md, Statistics): a shift is played once its occurrence has ended with a
 * booking not cancelled; an occurrence is offered when it is open to booking or booked; sessions flagged
 * session_not_considered_for_stats count nowhere (the repository leaves them out).
 */
export class StatisticsService {
  constructor(
    private readonly repo: StatisticsRepository,
    private readonly now: () => Date,
  ) {}

  private filter(q: StatisticsSummaryQuery): StatisticsFilter {
    return { from: q.startDate, to: q.endDate, tableId: q.table };
  }

  private played(q: StatisticsSummaryQuery): PlayedFilter {
    return { ...this.filter(q), now: this.now() };
  }

  async playedSessions(q: PlayedSessionsQuery): Promise<{ data: PlayedSessionsRow[]; meta: ListMeta }> {
    const { data, meta } = await this.repo.playedPage(this.played(q), q);
    return { data: data.map(withHours), meta };
  }

  async playedSessionsAll(q: ExportQuery<PlayedSessionsQuery>): Promise<PlayedSessionsRow[]> {
    return (await this.repo.playedAll(this.played(q), q)).map(withHours);
  }

  async playedSessionsSummary(q: StatisticsSummaryQuery): Promise<PlayedSessionsSummary> {
    return withHours(await this.repo.playedSummary(this.played(q)));
  }

  async freeSessions(q: FreeSessionsQuery): Promise<{ data: FreeSessionsRow[]; meta: ListMeta }> {
    const { data, meta } = await this.repo.freePage(this.filter(q), q);
    return { data: data.map(withFree), meta };
  }

  async freeSessionsAll(q: ExportQuery<FreeSessionsQuery>): Promise<FreeSessionsRow[]> {
    return (await this.repo.freeAll(this.filter(q), q)).map(withFree);
  }

  async freeSessionsSummary(q: StatisticsSummaryQuery): Promise<FreeSessionsSummary> {
    return withFree(await this.repo.freeSummary(this.filter(q)));
  }

  /** Check-in per table and week (issue 42): booked, played, released and no-show shifts. */
  tableWeeks(q: TableWeeksQuery): Promise<{ data: TableWeeksRow[]; meta: ListMeta }> {
    return this.repo.tableWeeksPage(this.filter(q), q);
  }

  tableWeeksAll(q: ExportQuery<TableWeeksQuery>): Promise<TableWeeksRow[]> {
    return this.repo.tableWeeksAll(this.filter(q), q);
  }

  /**
   * A download's file name and the heading its PDF prints: the statistic, the period and the table, so a
   * printed page says what it counts ('Turni giocati', 'Dal 01/11/2026 al 30/11/2026 · Tavolo 3').
   */
  async exportHeading(title: string, baseName: string, q: StatisticsSummaryQuery): Promise<{ title: string; baseName: string; subtitle: string }> {
    const number = q.table ? await this.repo.tableNumber(q.table) : null;
    const period = `Dal ${formatItalianDate(q.startDate)} al ${formatItalianDate(q.endDate)}`;
    return {
      title,
      baseName: `${baseName}_${q.startDate}_${q.endDate}${number === null ? '' : `_tavolo_${number}`}`,
      subtitle: `${period} · ${number === null ? 'Tutti i tavoli' : `Tavolo ${number}`}`,
    };
  }
}
