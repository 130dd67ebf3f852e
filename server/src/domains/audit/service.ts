import {
  AUDIT_ACTION_LABELS,
  AUDIT_PDF_MAX_ROWS,
  type AuditEntry,
  type AuditFilters,
  type ExportFormat,
  MY_ACTIVITY_LIMIT,
  auditActorName,
  auditChangesText,
  auditIdsNamed,
  auditInstantText,
  auditRecordLabel,
} from 'shared-api/contract';
import { recordAudit } from '../../core/audit/context';
import type { Db } from '../../core/db/client';
import { DomainError } from '../../core/errors';
import { type ExportColumn, streamExport } from '../../core/export/exporter';
import type { JobDefinition } from '../../core/jobs/runner';
import { type ListPage, type ListRequest, readPage, readSteps } from '../../core/list';
import type { Services } from '../../core/domain';
import type { Clock } from '../../core/time';
import type { AuditRepository, AuditSortKey } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The audit log's reads ('*' only, and a member's own activity) and its retention. Nothing edits or deletes an entry. */
export class AuditService {
  constructor(private readonly deps: { db: Db; repo: AuditRepository; clock: Clock; retentionDays: number }) {}

  /**
   * A download of the log is an entry of its own (issue 38): who, when, in which format and whether a filter narrowed
   * it (the filter's values are not written: a search may hold a member's name).
   */
  async recordDownload(format: string, filtered: boolean): Promise<void> {
    await this.deps.db.transaction((tx) =>
      recordAudit(tx, this.deps.clock, {
        action: 'audit-export',
        entity: 'audit_log',
        entityId: null,
        changes: { format: { before: null, after: format }, filtered: { before: null, after: filtered } },
      }),
    );
  }

  /**
   * A page of at most AUDIT_PAGE_MAX_ROWS entries (limit=0 too), its total counted up to AUDIT_COUNT_CAP; each entry
   * with the names of the people, tables, sessions and bookings it names by id (issue 44 item 6).
   */
  async list(request: ListRequest<AuditSortKey> & AuditFilters): Promise<ListPage<AuditEntry>> {
    const page = await readPage(await this.deps.repo.listSource(request), request);
    return { ...page, data: await this.named(page.data) };
  }

  /**
   * Entries with the names of the records they name by id (`names`): the ids of all of them read at once, one
   * statement per kind of record (repository namesOf), so a page or a download's step costs the same few reads
   * whatever its length.
   */
  private async named(entries: AuditEntry[]): Promise<AuditEntry[]> {
    const names = await this.deps.repo.namesOf([...new Set(entries.flatMap(auditIdsNamed))]);
    if (!names.size) return entries;
    return entries.map((entry) => {
      const own = Object.fromEntries(auditIdsNamed(entry).flatMap((id) => (names.has(id) ? [[id, names.get(id)!]] : [])));
      return Object.keys(own).length ? { ...entry, names: own } : entry;
    });
  }

  /** Every entry of the filters, in the list's order, LIST_STEP_ROWS at a time, each step named (the download). */
  async *listInSteps(request: Omit<ListRequest<AuditSortKey>, 'page' | 'limit'> & AuditFilters): AsyncGenerator<AuditEntry[]> {
    for await (const step of readSteps(await this.deps.repo.listSource(request), request)) yield await this.named(step);
  }

  /**
   * The download of the log: CSV and XLSX streamed as the entries are read, the PDF up to AUDIT_PDF_MAX_ROWS entries
   * (AUDIT_PDF_TOO_MANY_ROWS past them, before anything is sent).
   */
  download(request: Omit<ListRequest<AuditSortKey>, 'page' | 'limit'> & AuditFilters & { format: ExportFormat }, timeZone: string) {
    const { format, ...filter } = request;
    return streamExport({
      format,
      baseName: 'registro-attivita',
      title: 'Registro attività',
      columns: auditExportColumns(timeZone),
      rows: this.listInSteps(filter),
      timeZone,
      pdfLimit: { rows: AUDIT_PDF_MAX_ROWS, error: () => new DomainError('AUDIT_PDF_TOO_MANY_ROWS') },
    });
  }

  /** The member's last sign-ins and changes to their profile ('Attività recente'). */
  activityOf(userId: string): Promise<AuditEntry[]> {
    return this.deps.repo.activityOf(userId, MY_ACTIVITY_LIMIT);
  }

  /** Removes the entries older than the retention (AUDIT_RETENTION_DAYS). */
  purgeExpired(): Promise<number> {
    return this.deps.repo.deleteOlderThan(new Date(this.deps.clock.now().getTime() - this.deps.retentionDays * DAY_MS));
  }
}

/**
 * The download's columns (the export mechanism neutralises every cell), read as the page and its 'Dettagli' read
 * (issue 44 item 6, shared-api audit-format): the time on the club's clock, the record by its name, each change with
 * its field's Italian label and its values named and formatted. 'Identificativo' keeps the record's id, by which the
 * log is filtered.
 */
export const auditExportColumns = (timeZone: string): ExportColumn<AuditEntry>[] => [
  { header: 'Data e ora', value: (e) => auditInstantText(e.at, timeZone), width: 1 },
  { header: 'Utente', value: auditActorName, width: 1.2 },
  { header: 'Indirizzo', value: (e) => e.ip ?? '' },
  { header: 'Azione', value: (e) => AUDIT_ACTION_LABELS[e.action] },
  { header: 'Elemento', value: auditRecordLabel, width: 1.6 },
  { header: 'Identificativo', value: (e) => e.entity_id ?? '', width: 1.4 },
  { header: 'Modifiche', value: (e) => auditChangesText(e, timeZone), width: 3.4 },
];

export const AUDIT_RETENTION_JOB = 'audit.retention';

/** Once a day, claimed once across processes (the job runner's schedule, club time zone). */
export const auditRetentionJob: JobDefinition<never, Services> = {
  name: AUDIT_RETENTION_JOB,
  schedule: '40 3 * * *',
  run: async (_data, { audit }) => {
    await audit.purgeExpired();
  },
};
