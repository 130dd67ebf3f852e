import type { DbOrTx } from './client';

/** What a cache's read of the entries it lacks answers: the entries, and the version its own snapshot read (null: none read). */
export interface VersionedRead<V> {
  version: number | null;
  entries: Iterable<readonly [string, V]>;
}

/**
 * Rows kept between requests by id, valid while a version the database raises at the commit of any change to them
 * stays where it was (a one-row table that triggers raise, e.g. member_directory_version). The caller reads that
 * version in the same snapshot as the ids it looks up; a newer version empties the cache. An entry read at a newer
 * version than the caller's snapshot shows the newer row, never an older one; a caller of an older snapshot leaves a
 * newer cache as it is.
 */
export class VersionedCache<V> {
  private version = -1;
  private entries = new Map<string, V>();

  /**
   * `readMissing` reads the entries of some ids in one statement, with the version of that statement's snapshot;
   * beyond `maxEntries` the cache starts again empty.
   */
  constructor(
    private readonly readMissing: (db: DbOrTx, ids: string[]) => Promise<VersionedRead<V>>,
    private readonly maxEntries: number,
  ) {}

  /**
   * The entries of `ids` that exist (and maybe others), from the cache or, for those it does not hold, read in one
   * statement. `version` is the version as the caller's statement read it. The map answered is never emptied (a newer
   * version gets a new map), so it stays whole while the caller reads it.
   */
  async lookup(db: DbOrTx, version: number, ids: readonly string[]): Promise<ReadonlyMap<string, V>> {
    this.renew(version);
    const known = this.entries;
    const missing = new Set<string>();
    // An index loop: a page looks up thousands of ids, and an iterator's results were a tenth of its garbage.
    for (let i = 0; i < ids.length; i++) if (!known.has(ids[i]!)) missing.add(ids[i]!);
    if (!missing.size) return known;
    const read = await this.readMissing(db, [...missing]);
    // The statement's own snapshot may be newer than the caller's: its version says what its rows belong to.
    const readAt = read.version ?? version;
    this.renew(readAt);
    // Kept when read at the cache's version; answered in any case (a newer row, never an older one).
    const into = readAt === this.version && this.entries === known ? known : new Map(known);
    for (const [id, entry] of read.entries) into.set(id, entry);
    return into;
  }

  /** Empties the cache when the database's version has moved past it (an older reader leaves it as it is). */
  private renew(version: number): void {
    if (version > this.version || this.entries.size > this.maxEntries) {
      this.entries = new Map();
      this.version = Math.max(version, this.version);
    }
  }
}
