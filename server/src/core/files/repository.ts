import { eq, inArray } from 'drizzle-orm';
import type { StoredFile } from 'shared-api/contract';
import type { DbOrTx } from '../db/client';
import { files } from '../db/tables';
import type { FileStore } from './store';
import type { AcceptedFile } from './uploads';

export type FileRow = typeof files.$inferSelect;

/** How the API describes a stored file. */
export function fileRef(row: Pick<FileRow, 'id' | 'original_name' | 'mime' | 'size'> | null): StoredFile | null {
  if (!row?.id) return null;
  return { url: `/api/v1/files/${row.id}`, name: row.original_name, mime: row.mime, size: row.size };
}

export class FileRepository {
  constructor(
    private readonly db: DbOrTx,
    readonly store: FileStore,
  ) {}

  /**
   * Writes the bytes, then the row, inside the caller's transaction: if the transaction fails the caller
   * removes the bytes (removeBytes), so no row ever points to a missing file.
   */
  async save(tx: DbOrTx, file: AcceptedFile, ownerUserId: string | null): Promise<void> {
    await this.store.write(file.id, file.data);
    await tx.insert(files).values({ id: file.id, original_name: file.original_name, mime: file.mime, size: file.size, owner_user_id: ownerUserId });
  }

  async find(id: string): Promise<FileRow | null> {
    const [row] = await this.db.select().from(files).where(eq(files.id, id)).limit(1);
    return row ?? null;
  }

  /** Deletes the rows inside the caller's transaction; the bytes go once it has committed (removeBytes). */
  async deleteRows(tx: DbOrTx, ids: string[]): Promise<void> {
    if (ids.length) await tx.delete(files).where(inArray(files.id, ids));
  }

  async removeBytes(ids: Iterable<string>): Promise<void> {
    await this.store.remove(ids);
  }
}
