import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FitetImportReport, FitetRecord, FitetRecordPayload } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { DomainError } from '../../../core/errors';
import type { Upload } from '../../../core/files/uploads';
import { tooLargeMessage } from '../../../core/files/policy';
import { Listing } from '../../../core/list';
import { offThreadModule, runOffThread } from '../../../core/workers/pool';
import type { FitetParseOutcome, FitetRow, ParsedFile, RejectedRow, parseFitetUpload } from './parser';
import type { FitetRepository, FitetSortKey } from './repository';

const PARSER = offThreadModule('domains/registry/fitet/parser');

/**
 * The embedded database answers on the request thread, and a chain of its statements never returns to the event
 * loop by itself: the import steps aside after each lookup of this many card codes (one statement) and after this
 * many upserts, so a 20,000-row file lets other requests in between.
 */
const CODES_PER_LOOKUP = 1000;
const UPSERTS_PER_TURN = 100;

/**
 * The FITET import (spec 001 §2, DESIGN §5): the federation's .xlsx or .csv, read on the server, each row matched to a
 * user by card code, the accepted rows written in one transaction, a report of what was created, updated and refused.
 */
export class FitetService extends Listing<FitetRecord, FitetSortKey> {
  constructor(
    private readonly db: Db,
    private readonly repo: FitetRepository,
  ) {
    super(() => repo.listSource());
  }

  async get(id: string): Promise<FitetRecord> {
    const found = await this.repo.get(id);
    if (!found) throw new DomainError('FITET_RECORD_NOT_FOUND');
    return found;
  }

  /** A correction of one record by hand (issue 26 item 14); the next import of its card code overwrites it again. */
  async update(id: string, payload: FitetRecordPayload): Promise<FitetRecord> {
    if (!(await this.repo.update(id, payload))) throw new DomainError('FITET_RECORD_NOT_FOUND');
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.repo.delete(id))) throw new DomainError('FITET_RECORD_NOT_FOUND');
  }

  /** Reads the upload on a worker thread (parser.ts, parseFitetUpload): a 5 MB file never holds the request thread. */
  private async parse(upload: Upload): Promise<ParsedFile> {
    if (upload.tooLarge) throw new DomainError('FILE_TOO_LARGE', tooLargeMessage(upload.fileName));
    const input: Parameters<typeof parseFitetUpload>[0] = { data: upload.data, fileName: upload.fileName };
    const outcome = await runOffThread<typeof input, FitetParseOutcome>(PARSER, 'parseFitetUpload', input);
    if (!outcome.ok) throw new DomainError(outcome.code, outcome.message);
    const rows: FitetRow[] = [];
    for (const page of outcome.rows) {
      rows.push(...(JSON.parse(page) as FitetRow[]));
      await nextTurn();
    }
    return { rows, rejected: JSON.parse(outcome.rejected) as RejectedRow[] };
  }

  async import(uploads: Map<string, Upload> | null): Promise<FitetImportReport> {
    const upload = uploads?.get('file');
    if (!upload) throw new DomainError('FILE_MISSING', 'Nessun file caricato');
    const { rows, rejected } = await this.parse(upload);
    // The card codes are looked up before the transaction, a thousand a statement: on the embedded database a
    // transaction holds every other request, so it only rereads the codes found and writes their records.
    const found = new Set<string>();
    for (let at = 0; at < rows.length; at += CODES_PER_LOOKUP) {
      const codes = rows.slice(at, at + CODES_PER_LOOKUP).map((r) => r.member_id);
      for (const code of (await this.repo.usersByCardCode(this.db, codes)).keys()) found.add(code);
      await nextTurn();
    }
    const candidates = rows.filter((row) => found.has(row.member_id));
    let unmatched: RejectedRow[] = [];
    let created = 0;
    let updated = 0;
    await this.db.transaction(async (tx) => {
      // Reread inside the transaction: a code may have moved or gone since the lookup.
      const userOf = await this.repo.usersByCardCode(
        tx,
        candidates.map((r) => r.member_id),
      );
      unmatched = rows
        .filter((row) => !userOf.has(row.member_id))
        .map((row) => ({ line: row.line, member_id: row.member_id, reason: 'Nessun utente con questo codice tessera' }));
      created = 0;
      updated = 0;
      for (const [i, row] of candidates.entries()) {
        const userId = userOf.get(row.member_id);
        if (!userId) continue;
        if (await this.repo.upsert(tx, userId, row)) created++;
        else updated++;
        if (i % UPSERTS_PER_TURN === UPSERTS_PER_TURN - 1) await nextTurn();
      }
    });
    return {
      total: rows.length + rejected.length,
      created,
      updated,
      rejected: [...rejected, ...unmatched].sort((a, b) => a.line - b.line),
    };
  }
}
