import type { FitetImportReport, FitetRecord } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { DomainError } from '../../../core/errors';
import { detectFileType } from '../../../core/files/detect';
import type { Upload } from '../../../core/files/uploads';
import { tooLargeMessage } from '../../../core/files/policy';
import { Listing } from '../../../core/list';
import { type FitetRow, FitetFileError, type ParsedFile, type RejectedRow, parseFitetCsv, parseFitetXlsx } from './parser';
import type { FitetRepository, FitetSortKey } from './repository';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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

  private async parse(upload: Upload): Promise<ParsedFile> {
    if (upload.tooLarge) throw new DomainError('FILE_TOO_LARGE', tooLargeMessage(upload.fileName));
    const type = await detectFileType(upload.data);
    try {
      if (type?.mime === XLSX) return await parseFitetXlsx(upload.data);
      if (type?.mime === 'text/plain') return parseFitetCsv(upload.data);
    } catch (err) {
      if (err instanceof FitetFileError) throw new DomainError('FITET_FILE_INVALID', err.message);
      throw err;
    }
    if (type?.mime === 'application/msword') {
      throw new DomainError(
        'FILE_TYPE_NOT_ALLOWED',
        'Il formato .xls (Excel 97-2003) non è supportato: salva il file come .xlsx o .csv e caricalo di nuovo',
      );
    }
    throw new DomainError('FILE_TYPE_NOT_ALLOWED', `Tipo di file non accettato: ${upload.fileName}. Carica un file .xlsx o .csv`);
  }

  async import(uploads: Map<string, Upload> | null): Promise<FitetImportReport> {
    const upload = uploads?.get('file');
    if (!upload) throw new DomainError('FILE_MISSING', 'Nessun file caricato');
    const { rows, rejected } = await this.parse(upload);
    const unmatched: RejectedRow[] = [];
    let created = 0;
    let updated = 0;
    await this.db.transaction(async (tx) => {
      const userOf = await this.repo.usersByCardCode(
        tx,
        rows.map((r) => r.member_id),
      );
      const matched: [string, FitetRow][] = [];
      for (const row of rows) {
        const userId = userOf.get(row.member_id);
        if (userId) matched.push([userId, row]);
        else unmatched.push({ line: row.line, member_id: row.member_id, reason: 'Nessun utente con questo codice tessera' });
      }
      for (const [userId, row] of matched) {
        if (await this.repo.upsert(tx, userId, row)) created++;
        else updated++;
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
