/**
 * A member's personal data (issue 28): the download of everything the portal keeps about them (dati.json and their
 * stored files, one ZIP) and their anonymisation when they have left the club. Every domain contributes its own part
 * (Domain.personalData): core asks them all and imports none.
 *
 * The ZIP is streamed: yazl writes it as the files are read, compressing on Node's zlib thread pool, so neither the
 * bytes of a member's files nor their compression sit on the event loop.
 */
import type { Readable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import yazl from 'yazl';
import { fieldsOnly, recordAudit, withoutRowAudit } from '../audit/context';
import type { Db } from '../db/client';
import type { CurrentUser, PersonalDataDump, PersonalDataPart, PersonalDataService, Services } from '../domain';
import { files as filesTable } from '../db/tables';
import { redactPersonalTraces, traceNeedles } from './redact';
import { DomainError } from '../errors';
import type { FileRepository } from '../files/repository';
import type { Clock } from '../time';

/** One domain's part, with the domain's name (dati.json's sections are keyed by the parts themselves). */
export interface NamedPart extends PersonalDataPart {
  domain: string;
}

/** A stored file's name inside the ZIP: under file/, its id first so two files of the same name never collide. */
const zipName = (file: { id: string; name: string }) => `file/${file.id.slice(0, 8)}-${file.name.replace(/[/\\\0]/g, '_')}`;

export class PersonalData implements PersonalDataService {
  constructor(
    private readonly db: Db,
    private readonly files: FileRepository,
    private readonly parts: readonly NamedPart[],
    private readonly clock: Clock,
  ) {}

  /** Every domain's sections of dati.json and the member's stored files (their rows; the bytes are read when zipping). */
  async collect(userId: string): Promise<PersonalDataDump> {
    const data: Record<string, unknown> = { generato_il: this.clock.now().toISOString() };
    const fileIds = new Set<string>();
    for (const part of this.parts) {
      const { sections, files = [] } = await part.export(this.db, userId);
      Object.assign(data, sections);
      for (const id of files) fileIds.add(id);
    }
    if (!data.profilo) throw new DomainError('USER_NOT_FOUND');
    const rows = fileIds.size
      ? await this.db
          .select()
          .from(filesTable)
          .where(inArray(filesTable.id, [...fileIds]))
      : [];
    const files = rows
      .filter((row) => this.files.store.exists(row.id))
      .map((row) => ({ id: row.id, name: row.original_name, mime: row.mime, size: row.size }));
    data.file = files.map((file) => ({ nome: file.name, tipo: file.mime, dimensione: file.size, percorso: zipName(file) }));
    return { data, files };
  }

  /** A member's data downloaded by the staff is an entry of its own in the log (issue 38), its actor the staff member. */
  async recordStaffDownload(userId: string): Promise<void> {
    await this.db.transaction((tx) => recordAudit(tx, this.clock, { action: 'personal-data-export', entity: 'users', entityId: userId }));
  }

  /** The ZIP of a collected dump: dati.json, then each stored file, streamed. */
  zip(dump: PersonalDataDump): Readable {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(JSON.stringify(dump.data, null, 2)), 'dati.json', { mtime: this.clock.now() });
    // Photos and PDFs are compressed already: stored as they are.
    for (const file of dump.files) zip.addReadStream(this.files.store.openRead(file.id), zipName(file), { compress: false, mtime: this.clock.now() });
    zip.end();
    return zip.outputStream as Readable;
  }

  /**
   * Anonymises a member in one transaction: every domain's traces of the member are read first, then each domain's
   * step (in reverse list order, so a domain reads the registry's values before the registry replaces them), then the
   * rows of the files they dropped, then the traces are redacted wherever core keeps text (the audit log, the
   * outbox: redact.ts); the files' bytes go once it has committed, and then each domain's work after it
   * (afterAnonymize: the member's future bookings cancelled through the booking domain's own path). `services` and
   * `actor` only for that last step.
   */
  async anonymize(userId: string, after?: { services: Services; actor: CurrentUser }): Promise<void> {
    const dropped = await this.db.transaction(async (tx) => {
      // The member's personal values must not reach the audit log: the rows change unrecorded, and the action is
      // recorded once (who, when, which member), the values of the member's earlier entries blanked.
      await withoutRowAudit(tx);
      const traces = [];
      for (const part of this.parts) if (part.traces) traces.push(await part.traces(tx, userId));
      const ids = new Set<string>();
      for (const part of [...this.parts].reverse()) {
        for (const id of (await part.anonymize?.(tx, userId)) ?? []) ids.add(id);
      }
      await this.files.deleteRows(tx, [...ids]);
      // Which fields and records were forgotten, never their values (issue 44 item 6).
      const forgotten = fieldsOnly([...new Set(this.parts.flatMap((part) => part.forgets ?? []))]);
      await recordAudit(tx, this.clock, { action: 'anonymize', entity: 'users', entityId: userId, changes: forgotten });
      const records = [userId, ...ids, ...traces.flatMap((t) => t.records ?? [])];
      await redactPersonalTraces(tx, userId, records, traceNeedles(traces));
      return ids;
    });
    await this.files.removeBytes(dropped);
    if (after) for (const part of this.parts) await part.afterAnonymize?.(after.services, userId, after.actor);
  }
}
