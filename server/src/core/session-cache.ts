import type { CurrentUser, SessionResolver } from './domain';

/**
 * The signed-in user of a session token for a moment after a request looked it up, so a burst of one member's
 * requests (the booking week opening, a page's parallel calls) does not read the same session row for each: the
 * lookup is a round trip to PostgreSQL, and on a busy server each round trip's socket write costs more than the
 * read itself (bench/README.md, "Booking"). What it may cost, and why it is bounded:
 * - in this process, every request that may change a user, a category or a session clears it before its answer
 *   leaves (core/plugins/session.ts), so no later request of the same process sees the old state;
 * - a lookup that began before such a clear is not kept (the generation moved), so a slow lookup cannot put the
 *   old state back;
 * - another server process's change (a sign-out, a deactivation, a permission taken away) shows here within
 *   `ttlMs` (SESSION_CACHE_MS, default 1 s; 0 turns the cache off);
 * - only found sessions are kept, at most `maxEntries` (the oldest go first): unknown tokens cannot fill it.
 */
export class SessionCache implements SessionResolver {
  private readonly entries = new Map<string, { user: CurrentUser; at: number }>();
  private generation = 0;

  constructor(
    private readonly resolver: SessionResolver,
    private readonly options: { ttlMs: number; maxEntries: number; now: () => number },
  ) {}

  async find(token: string): Promise<CurrentUser | null> {
    const { ttlMs, maxEntries, now } = this.options;
    if (ttlMs <= 0) return this.resolver.find(token);
    const hit = this.entries.get(token);
    const at = now();
    // A clock moved back (tests set theirs) ends the entry too.
    if (hit && at >= hit.at && at - hit.at < ttlMs) return hit.user;
    if (hit) this.entries.delete(token);
    const generation = this.generation;
    const user = await this.resolver.find(token);
    if (user && generation === this.generation) {
      if (this.entries.size >= maxEntries) this.entries.delete(this.entries.keys().next().value!);
      // Shared by the requests that find it: frozen, so none can change it for the others.
      this.entries.set(token, { user: Object.freeze({ ...user, permissions: Object.freeze([...user.permissions]) }) as CurrentUser, at });
    }
    return user;
  }

  /** Something a session depends on may have changed: every later request reads the database again. */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
