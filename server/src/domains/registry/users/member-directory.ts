import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { VersionedCache } from '../../../core/db/versioned-cache';
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
 * up (core/db/versioned-cache.ts says what a newer or an older version does).
 */
export class MemberDirectory {
  private readonly cache: VersionedCache<DirectoryMember>;

  /** `colorWithoutQualification`: the colour of members who hold no qualification. */
  constructor(colorWithoutQualification: string) {
    this.cache = new VersionedCache(async (db, ids) => {
      const rows = rowsOf<DirectoryMember & { version: number | string }>(
        await db.execute(sql`
          select ${memberDirectoryVersionSql} as version, u.id as "_id", u.name, u.surname,
            ${memberColorSql(sql`u.id`, colorWithoutQualification)} as color
          from ${users} u where u.id = any(${`{${ids.join(',')}}`}::uuid[])`),
      );
      return {
        version: rows.length ? Number(rows[0]!.version) : null,
        entries: rows.map(({ version: _read, ...member }) => [member._id, member] as const),
      };
    }, MAX_MEMBERS);
  }

  /**
   * The member of each of `ids`, in their order (undefined: no such member), read from the directory or, for those
   * it does not hold, in one statement. `version` is memberDirectoryVersionSql as the caller's statement read it.
   */
  lookup(db: DbOrTx, version: number, ids: readonly string[]): Promise<(DirectoryMember | undefined)[]> {
    return this.cache.lookup(db, version, ids);
  }
}
