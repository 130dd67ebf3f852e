import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_PDF_MAX_ROWS,
  type AuditEntry,
  type AuditFilters,
  type ExportFormat,
  MY_ACTIVITY_LIMIT,
  auditActorName,
  auditChangesText,
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
import type { AuditNames } from '../../core/audit/names';
import { AUDIT_NAMED_KINDS, type AuditNamedKind, auditFieldKind, deletedRecordName } from './record-names';
import type { AuditRepository, AuditSortKey } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const NAMED_ENTITIES: ReadonlySet<string> = new Set(AUDIT_NAMED_KINDS);

/** The ids an entry names, by kind: its record's (when the log names its kind) and those of its fields that hold one. */
function idsNamedBy(entry: AuditEntry, into: Map<AuditNamedKind, Set<string>>): Map<AuditNamedKind, Set<string>> {
  const add = (kind: AuditNamedKind | undefined, value: unknown) => {
    if (!kind) return;
    if (Array.isArray(value)) for (const item of value) add(kind, item);
    else if (typeof value === 'string' && UUID.test(value)) {
      let ids = into.get(kind);
      if (!ids) into.set(kind, (ids = new Set()));
      ids.add(value);
    }
  };
  if (NAMED_ENTITIES.has(entry.entity)) add(entry.entity as AuditNamedKind, entry.entity_id);
  for (const [field, { before, after }] of Object.entries(entry.changes)) {
    const kind = auditFieldKind(entry.entity, field);
    add(kind, before);
    add(kind, after);
  }
  return into;
}

/** The audit log's reads ('*' only, and a member's own activity) and its retention. Nothing edits or deletes an entry. */
export class AuditService {
  constructor(private readonly deps: { db: Db; repo: AuditRepository; names: AuditNames; clock: Clock; retentionDays: number; timeZone: string }) {
    const declared = new Set(deps.names.kinds);
    const undeclared = AUDIT_NAMED_KINDS.filter((kind) => !declared.has(kind));
    if (undeclared.length) throw new Error(`Nessun dominio dice come il registro attività nomina: ${undeclared.join(', ')}`);
  }

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
   * statement per kind of record among them (the values each kind's domain declares, core/audit/names.ts), then one
   * for those no longer there (their deletion entries' values, repository deletedValuesOf), each named by its
   * domain's declaration (Domain.auditNames), so a page or a download's step costs a bounded number of reads whatever
   * its length, and none when it names no record of those kinds.
   */
  private async named(entries: AuditEntry[]): Promise<AuditEntry[]> {
    const all = new Map<AuditNamedKind, Set<string>>();
    for (const entry of entries) idsNamedBy(entry, all);
    if (!all.size) return entries;
    const { db, names: declared, timeZone } = this.deps;
    const names = new Map<string, string>();
    const values = await declared.valuesOf(db, all);
    for (const [kind, ids] of all) {
      for (const id of ids) {
        const found = values.get(id);
        if (found) names.set(id, declared.nameOf(kind, found, timeZone) ?? `n. ${id.slice(0, 8)}`);
      }
    }
    const missing = new Map([...all].map(([kind, ids]) => [kind, new Set([...ids].filter((id) => !names.has(id)))] as const));
    const deleted = await this.deps.repo.deletedValuesOf(missing);
    for (const [kind, ids] of missing) {
      for (const id of ids) {
        const kept = deleted.get(id);
        names.set(id, deletedRecordName(id, kept ? declared.nameOf(kind, kept, timeZone) : null));
      }
    }
    return entries.map((entry) => {
      const ids = [...idsNamedBy(entry, new Map()).values()].flatMap((set) => [...set]);
      const own = Object.fromEntries(ids.flatMap((id) => (names.has(id) ? [[id, names.get(id)!]] : [])));
      return Object.keys(own).length ? { ...entry, names: own } : entry;
    });
  }

  /** Every entry of the filters, in the list's order, LIST_STEP_ROWS at a time, each step named (the download). */
  async *listInSteps(request: Omit<ListRequest<AuditSortKey>, 'page' | 'limit'> & AuditFilters): AsyncGenerator<AuditEntry[]> {
    for await (const step of readSteps(await this.deps.repo.listSource(request), request)) yield await this.named(step);
  }

  /**
   * The download's steps with each entry's time and changes already written (the costly cells: an instant on the club's
   * clock, every value formatted), AUDIT_DESCRIBE_ROWS entries at a time with a turn of the event loop between, so
   * the export's step of 500 rows only copies them and no stretch of this work holds other requests long.
   */
  private async *describedSteps(
    request: Omit<ListRequest<AuditSortKey>, 'page' | 'limit'> & AuditFilters,
    timeZone: string,
  ): AsyncGenerator<DescribedEntry[]> {
    for await (const step of this.listInSteps(request)) {
      const described: DescribedEntry[] = [];
      for (let at = 0; at < step.length; at += AUDIT_DESCRIBE_ROWS) {
        if (at) await nextTurn();
        for (const entry of step.slice(at, at + AUDIT_DESCRIBE_ROWS)) {
          described.push({ entry, at: auditInstantText(entry.at, timeZone), changes: auditChangesText(entry, timeZone) });
        }
      }
      yield described;
    }
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
      columns: AUDIT_EXPORT_COLUMNS,
      rows: this.describedSteps(filter, timeZone),
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

/** Entries described per turn of the event loop in a download (about 5 ms of formatting on a quiet core). */
const AUDIT_DESCRIBE_ROWS = 100;

/** An entry of the download with its costly cells written (describedSteps). */
interface DescribedEntry {
  entry: AuditEntry;
  at: string;
  changes: string;
}

/**
 * The download's columns (the export mechanism neutralises every cell), read as the page and its 'Dettagli' read
 * (issue 44 item 6, shared-api audit-format): the time on the club's clock, the record by its name, each change with
 * its field's Italian label and its values named and formatted. 'Identificativo' keeps the record's id, by which the
 * log is filtered.
 */
export const AUDIT_EXPORT_COLUMNS: ExportColumn<DescribedEntry>[] = [
  { header: 'Data e ora', value: (d) => d.at, width: 1 },
  { header: 'Utente', value: (d) => auditActorName(d.entry), width: 1.2 },
  { header: 'Indirizzo', value: (d) => d.entry.ip ?? '' },
  { header: 'Azione', value: (d) => AUDIT_ACTION_LABELS[d.entry.action] },
  { header: 'Elemento', value: (d) => auditRecordLabel(d.entry), width: 1.6 },
  { header: 'Identificativo', value: (d) => d.entry.entity_id ?? '', width: 1.4 },
  { header: 'Modifiche', value: (d) => d.changes, width: 3.4 },
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
