/** One feed's last written text, under the ETag it was written for. */
export interface CachedFeed {
  etag: string;
  body: string;
}

/**
 * The last text written for each feed address (issue 27), by the token's hash, least recently served dropped first:
 * at most `maxEntries` feeds and `maxChars` characters in all (a feed of 500 bookings is about 300,000). An entry is
 * used only while the feed's ETag, read from the database on every fetch, is the one it was written for, so a change
 * by any process is never hidden; each process keeps its own.
 */
export class FeedCache {
  private readonly entries = new Map<string, CachedFeed>();
  private chars = 0;

  constructor(
    private readonly maxEntries = 64,
    private readonly maxChars = 16_000_000,
  ) {}

  /** The text written for `etag`, if it is the one kept for this address. */
  get(key: string, etag: string): string | null {
    const entry = this.entries.get(key);
    if (!entry || entry.etag !== etag) return null;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, entry: CachedFeed): void {
    this.delete(key);
    if (entry.body.length > this.maxChars) return;
    this.entries.set(key, entry);
    this.chars += entry.body.length;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= old.body.length;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.body.length;
  }

  get size(): number {
    return this.entries.size;
  }
}
