import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { member_directory_version, qualifications, user_qualifications, users } from '../tables';

/** What other domains show of a member: name, surname and the colour of their highest-priority qualification. */
export interface DirectoryMember {
  _id: string;
  name: string;
  surname: string;
  /** The colour of their highest-priority qualification, or the directory's colour for members without one. */
  color: string;
}

/**
 * The colour of a member (the users row `userId`): their highest-priority qualification's (ties by name), or
 * `colorWithoutQualification` when they hold none. The one definition of it, for statements that read members.
 */
export function memberColorSql(userId: SQL, colorWithoutQualification: string): SQL {
  return sql`coalesce((select q.color from ${user_qualifications} uq join ${qualifications} q on q.id = uq.qualification_id
                       where uq.user_id = ${userId} order by q.priority desc, q.name limit 1), ${colorWithoutQualification})`;
}

/** The directory's version as a scalar subquery, for a statement that reads member ids to look up afterwards. */
export const memberDirectoryVersionSql: SQL = sql`(select v.version from ${member_directory_version} v)`;

/** Beyond this many members the directory starts again empty (a club has a few thousand). */
const MAX_MEMBERS = 50_000;

/**
 * Members' names and colours kept between requests: a calendar month of every table names thousands of members, and
 * reading them again on every request was a third of its time. Whether they are still the database's is told by
 * member_directory_version (registry/tables.ts), which triggers raise at the commit of any change to a name, a
 * member's qualifications or a qualification: the caller reads that version in the same snapshot as the ids it looks
 * up, and a version newer than the directory's empties it. A member read at a newer version than the caller's
 * snapshot shows their newer name, never an older one.
 */
export class MemberDirectory {
  private version = -1;
  private members = new Map<string, DirectoryMember>();

  /** `colorWithoutQualification`: the colour of members who hold no qualification. */
  constructor(private readonly colorWithoutQualification: string) {}

  /**
   * The members of `ids` that exist (and maybe others), read from the directory or, for those it does not hold, in
   * one statement. `version` is memberDirectoryVersionSql as the caller's statement read it. The map answered is
   * never emptied (a newer version gets a new map), so it stays whole while the caller reads it.
   */
  async lookup(db: DbOrTx, version: number, ids: Iterable<string>): Promise<ReadonlyMap<string, DirectoryMember>> {
    this.renew(version);
    const known = this.members;
    const missing = new Set<string>();
    for (const id of ids) if (!known.has(id)) missing.add(id);
    if (!missing.size) return known;
    const rows = rowsOf<DirectoryMember & { version: number | string }>(
      await db.execute(sql`
        select ${memberDirectoryVersionSql} as version, u.id as "_id", u.name, u.surname,
          ${memberColorSql(sql`u.id`, this.colorWithoutQualification)} as color
        from ${users} u where u.id = any(${`{${[...missing].join(',')}}`}::uuid[])`),
    );
    // The statement's own snapshot may be newer than the caller's: its version says what its rows belong to.
    const readAt = rows.length ? Number(rows[0]!.version) : version;
    this.renew(readAt);
    // Kept when read at the directory's version; answered in any case (a newer name, never an older one).
    const into = readAt === this.version && this.members === known ? known : new Map(known);
    for (const { version: _read, ...member } of rows) into.set(member._id, member);
    return into;
  }

  /** Empties the directory when the database's version has moved past it (an older reader leaves it as it is). */
  private renew(version: number): void {
    if (version > this.version || this.members.size > MAX_MEMBERS) {
      this.members = new Map();
      this.version = Math.max(version, this.version);
    }
  }
}
