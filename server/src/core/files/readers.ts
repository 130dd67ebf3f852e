import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Permission, holdsAny } from 'shared-api/contract';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import type { FileRow } from './repository';

/**
 * Records that hold stored files, as the domain owning them declares them (Domain.fileHolders): the column holding a
 * file's id, and the permissions that read the files it holds — a certificate's upload to certificates_access, an
 * accounting entry's attachment to finance_access, a member's photo and contract to registry_access. core/files
 * imports no domain: it asks these declarations which records hold a file.
 */
export interface FileHolder {
  /** The column holding a file's id (e.g. certificate_records.file_id). */
  column: PgColumn;
  /** Who reads the files it holds: anyone holding one of these ('*' holds them all). */
  readers: readonly Permission[];
}

/**
 * Who may download a stored file (GET /files/{id}): its owner, and whoever holds a reading permission of a record
 * that holds it. A file no record holds is its owner's only. One statement asks every holder at once.
 */
export class FileReaders {
  constructor(private readonly holders: readonly FileHolder[]) {}

  async mayRead(db: DbOrTx, user: { id: string; permissions: readonly Permission[] }, file: Pick<FileRow, 'id' | 'owner_user_id'>): Promise<boolean> {
    if (file.owner_user_id === user.id) return true;
    // Only the holders whose readers this user holds need asking (a holder naming no reader is read by owners only).
    const asked = this.holders.filter((h) => h.readers.length > 0 && holdsAny(user.permissions, h.readers));
    if (!asked.length) return false;
    const held = rowsOf<{ k: number }>(
      await db.execute(
        sql.join(
          asked.map((h, k) => sql`select ${k}::int as k where exists (select 1 from ${h.column.table} where ${h.column} = ${file.id}::uuid)`),
          sql` union all `,
        ),
      ),
    );
    return held.length > 0;
  }
}
