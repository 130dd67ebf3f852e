import { type AnyColumn, type SQL, and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FairPlayRecord, ListMeta, NamedRef, Permission, Profile, User, UserReduced } from 'shared-api/contract';
import type { DbOrTx } from '../../../core/db/client';
import {
  categories,
  fitet_records,
  mailing_list_classes,
  qualifications,
  reservation_rules,
  user_mailing_list_classes,
  user_qualifications,
  user_reservation_rules,
  users,
} from '../tables';
import { files } from '../../../core/db/tables';
import { type ListRequest, countRows, readAll, readPage, replaceLinks, withPage } from '../../../core/list';
import { linkedNames, qualified } from '../../../core/sql';
import { type Clock, todayIn } from '../../../core/time';
import type { BookingConductPort } from '../booking-conduct-port';
import type { MedicalStatusPort } from '../medical-port';
import { isActiveUser, isDeactivatedUser } from './active';
import { type UserRow, toUser } from './user-row';

export const USER_SORT_KEYS = [
  'member_id',
  'name',
  'surname',
  'email',
  'phone_number',
  'fiscal_code',
  'birth_date',
  'category',
  'created_at',
  'deactivation_status',
] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

export interface UserListFilter {
  q?: string;
  sortBy?: UserSortKey;
  order: 'asc' | 'desc';
  onlyEnabled?: boolean;
  onlyAvailablePartners?: boolean;
  reducedDetails?: boolean;
}

export type { UserRow };

const imageFile = alias(files, 'image_file');
const contractFile = alias(files, 'contract_file');

/** The text ?q= searches, spelled as the trigram index's expression (the planner matches it). */
const searchText = sql`(coalesce(${qualified(users, 'name')}, '') || ' ' || coalesce(${qualified(users, 'surname')}, '') || ' ' || coalesce(${qualified(users, 'email')}, '') || ' ' || coalesce(${qualified(users, 'fiscal_code')}, '') || ' ' || coalesce(${qualified(users, 'member_id')}, ''))`;

/** What a picker outside the registry searches: name and surname only, never codes a member could guess letter by letter. */
const pickerSearchText = sql`(coalesce(${qualified(users, 'name')}, '') || ' ' || coalesce(${qualified(users, 'surname')}, ''))`;

/**
 * Who reads a picker (onlyAvailablePartners / reducedDetails): the registry staff see it over the registry's search
 * and sort; anyone else (a member, finance staff) gets a narrow picker (issue 7 finding 3).
 */
export interface PickerCaller {
  id: string | null;
  /** Without registry access: search name and surname only, order by surname then name, active users who accepted the terms. */
  narrow: boolean;
}

const SORT_COLUMNS: Record<UserSortKey, SQL | AnyColumn> = {
  member_id: users.member_id,
  name: users.name,
  surname: users.surname,
  email: users.email,
  phone_number: users.phone_number,
  fiscal_code: users.fiscal_code,
  birth_date: users.birth_date,
  category: categories.name,
  created_at: users.created_at,
  deactivation_status: users.deactivation_status,
};

export class UserRepository {
  constructor(
    private readonly db: DbOrTx,
    private readonly clubTimezone: string,
    private readonly clock: Clock,
    /** The booking domain's SQL of how a member books (read when a list is built: that domain's services come later). */
    private readonly conduct: () => BookingConductPort | undefined = () => undefined,
    /** The certificates domain's medical status, for the partner picker's `can_play` (read when a list is built). */
    private readonly medical: () => MedicalStatusPort | undefined = () => undefined,
  ) {}

  private today() {
    return todayIn(this.clubTimezone, this.clock.now());
  }

  private fullSelection() {
    return {
      row: users,
      category_name: categories.name,
      category_permissions: categories.permissions,
      image_id: imageFile.id,
      image_name: imageFile.original_name,
      image_mime: imageFile.mime,
      image_size: imageFile.size,
      contract_id: contractFile.id,
      contract_name: contractFile.original_name,
      contract_mime: contractFile.mime,
      contract_size: contractFile.size,
      qualifications: linkedNames<NamedRef>(users, user_qualifications, 'user_id', qualifications, 'qualification_id'),
      reservation_rules: linkedNames<NamedRef>(users, user_reservation_rules, 'user_id', reservation_rules, 'reservation_rule_id'),
      mailing_list_classes: linkedNames<NamedRef>(users, user_mailing_list_classes, 'user_id', mailing_list_classes, 'mailing_list_class_id'),
      is_deactivated: isDeactivatedUser(this.today()),
      partner_left_bookings: this.conduct()?.partnerLeftBookingsOf(qualified(users, 'id')) ?? sql<number>`0`,
      fair_play: this.conduct()?.fairPlayOf(qualified(users, 'id'), this.clock.now()) ?? sql<FairPlayRecord | null>`null`,
    };
  }

  private fullQuery<E extends Record<string, SQL>>(extra: E = {} as E) {
    return this.db
      .select({ ...this.fullSelection(), ...extra })
      .from(users)
      .innerJoin(categories, eq(categories.id, users.category_id))
      .leftJoin(imageFile, eq(imageFile.id, users.image_file_id))
      .leftJoin(contractFile, eq(contractFile.id, users.contract_file_id))
      .$dynamic();
  }

  /** The registry's list (every column) or the pickers' (id, name, surname, e-mail), over the same filters. */
  private source(filter: UserListFilter, callerId: string | null, narrow = false) {
    const today = this.today();
    return {
      search: narrow ? pickerSearchText : searchText,
      filters: [
        filter.onlyEnabled || filter.onlyAvailablePartners || narrow ? isActiveUser(today) : undefined,
        filter.onlyAvailablePartners || narrow ? sql`${users.terms_accepted_at} is not null` : undefined,
        filter.onlyAvailablePartners && callerId ? ne(users.id, callerId) : undefined,
      ],
      sortColumns: SORT_COLUMNS,
      defaultSort: [users.surname, users.name],
      tieBreaker: users.id,
      // Every user has a category (NOT NULL foreign key), so the count needs no join unless sorting/filtering by it.
      count: (where: SQL | undefined) => countRows(this.db, users, where),
    };
  }

  /**
   * What the partner picker (onlyAvailablePartners) also says of each member: whether they can play — their medical
   * certificate valid today, without which the booking engine refuses them — so the picker marks them and does not
   * offer them (issue 26). Active members who accepted the terms are the only ones listed.
   */
  private partnerFacts(filter: UserListFilter): { can_play?: SQL<boolean> } {
    const medical = filter.onlyAvailablePartners ? this.medical() : undefined;
    return medical ? { can_play: sql<boolean>`(${medical.statusOf(qualified(users, 'id'))} = 'approved')` } : {};
  }

  /** GET /user: the registry's page, or only what a picker needs (onlyAvailablePartners / reducedDetails). */
  async list(filter: UserListFilter & ListRequest<UserSortKey>, caller: PickerCaller): Promise<{ data: User[] | UserReduced[]; meta: ListMeta }> {
    const callerId = caller.id;
    if (filter.onlyAvailablePartners || filter.reducedDetails) {
      const narrow = caller.narrow;
      return readPage<UserReduced, UserSortKey>(
        {
          ...this.source(filter, callerId, narrow),
          rows: (where, orderBy, limit, offset) =>
            withPage(
              this.db
                .select({ _id: users.id, name: users.name, surname: users.surname, email: users.email, ...this.partnerFacts(filter) })
                .from(users)
                .innerJoin(categories, eq(categories.id, users.category_id))
                .where(where)
                .orderBy(...orderBy)
                .$dynamic(),
              limit,
              offset,
            ),
        },
        // The narrow picker's order is fixed (sortBy could otherwise order by birth date or codice fiscale).
        narrow ? { ...filter, sortBy: undefined, order: 'asc' } : filter,
      );
    }
    return readPage<User, UserSortKey>(
      {
        ...this.source(filter, callerId),
        rows: async (where, orderBy, limit, offset) => {
          if (limit === null)
            return (
              await this.fullQuery()
                .where(where)
                .orderBy(...orderBy)
            ).map((r) => toUser(r));
          // The page's ids first, on the narrow rows an index serves; then every column of those rows only. Read in one
          // step, the linked names and file joins were computed for each skipped row too (and the cost estimate of a deep
          // page started PostgreSQL's JIT compiler: ~180 ms at offset 2,000).
          // Every user has a category (NOT NULL foreign key): the join is needed only to sort by its name; without it
          // a page in an indexed order is an index-only scan, however deep.
          // A search is matched first through the trigram index (OFFSET 0 keeps the planner from walking the sort
          // index instead and filtering every row on the way: 'rossi mar' on 500,000 users took ~4 s that way).
          const searching = Boolean(filter.q?.trim());
          const from = searching ? sql`(select * from ${users} where ${where} offset 0) as ${users}` : sql`${users}`;
          const join = filter.sortBy === 'category' ? sql` inner join ${categories} on ${categories.id} = ${qualified(users, 'category_id')}` : sql``;
          const filterOutside = !searching && where ? sql` where ${where}` : sql``;
          const result = await this.db.execute(
            sql`select ${qualified(users, 'id')} as id from ${from}${join}${filterOutside} order by ${sql.join(orderBy, sql`, `)} limit ${limit} offset ${offset}`,
          );
          const ids = (result as { rows: { id: string }[] }).rows.map((r) => r.id);
          if (!ids.length) return [];
          const rows = await this.fullQuery()
            .where(inArray(users.id, ids))
            .orderBy(...orderBy);
          return rows.map((r) => toUser(r));
        },
      },
      filter,
    );
  }

  /** Every row of the list's query, for its download. */
  async listAll(filter: UserListFilter): Promise<User[]> {
    return readAll<User, UserSortKey>(
      {
        ...this.source(filter, null),
        rows: async (where, orderBy) =>
          (
            await this.fullQuery()
              .where(where)
              .orderBy(...orderBy)
          ).map((r) => toUser(r)),
      },
      filter,
    );
  }

  async get(id: string): Promise<User | null> {
    const [row] = await this.fullQuery().where(eq(users.id, id)).limit(1);
    return row ? toUser(row) : null;
  }

  async findRow(id: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  /** The user signing in, with their permissions and whether they are deactivated today. */
  async findForLogin(email: string) {
    const [row] = await this.db
      .select({
        id: users.id,
        name: users.name,
        surname: users.surname,
        email: users.email,
        password_hash: users.password_hash,
        terms_accepted_at: users.terms_accepted_at,
        permissions: categories.permissions,
        is_deactivated: isDeactivatedUser(this.today()),
      })
      .from(users)
      .innerJoin(categories, eq(categories.id, users.category_id))
      .where(eq(users.email, email.trim().toLowerCase()))
      .limit(1);
    return row ? { ...row, permissions: row.permissions as Permission[] } : null;
  }

  /** The permissions of a user's category (null when there is no such user). */
  async permissionsOf(id: string): Promise<string[] | null> {
    const [row] = await this.db
      .select({ permissions: categories.permissions })
      .from(users)
      .innerJoin(categories, eq(categories.id, users.category_id))
      .where(eq(users.id, id))
      .limit(1);
    return row?.permissions ?? null;
  }

  async emailTaken(email: string, exceptId?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email))
      .limit(1);
    return Boolean(row);
  }

  /**
   * GET /user/me: the registry's record and the card type and category of the member's imported FITET record.
   * The medical fields are the certificates domain's: the profile route fills them in.
   */
  async profile(id: string): Promise<Profile | null> {
    const [row] = await this.db
      .select({ row: users, permissions: categories.permissions, fitet_type: fitet_records.card_type, fitet_category: fitet_records.category })
      .from(users)
      .innerJoin(categories, eq(categories.id, users.category_id))
      .leftJoin(fitet_records, eq(fitet_records.user_id, users.id))
      .where(eq(users.id, id))
      // A member whose card code changed keeps the record of the latest import.
      .orderBy(sql`${fitet_records.updated_at} desc nulls last`)
      .limit(1);
    if (!row) return null;
    const u = row.row;
    return {
      _id: u.id,
      name: u.name,
      surname: u.surname,
      birth_date: u.birth_date,
      residence_address: u.residence_address,
      fiscal_code: u.fiscal_code,
      phone_number: u.phone_number,
      email: u.email,
      fitet_code: u.fitet_data_code,
      fitet_type: row.fitet_type,
      fitet_category: row.fitet_category ?? u.fitet_data_category,
      created_at: u.created_at.toISOString(),
      medical_certificate_expiration_date: null,
      medical_certificate_status: 'not_uploaded',
      has_accepted_terms: u.terms_accepted_at !== null,
      permissions: row.permissions as Permission[],
    };
  }

  async update(id: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
    // A transaction, the audit log's unit (core/audit).
    await this.db.transaction((tx) =>
      tx
        .update(users)
        .set({ ...values, updated_at: new Date() })
        .where(eq(users.id, id)),
    );
  }

  /** Replaces the user's links to qualifications, booking rules and mailing-list classes. */
  async setLinks(
    tx: DbOrTx,
    userId: string,
    links: { qualifications: string[]; reservation_rules: string[]; mailing_list_classes: string[] },
  ): Promise<void> {
    await replaceLinks(tx, user_qualifications, user_qualifications.user_id, user_qualifications.qualification_id, userId, links.qualifications);
    await replaceLinks(
      tx,
      user_reservation_rules,
      user_reservation_rules.user_id,
      user_reservation_rules.reservation_rule_id,
      userId,
      links.reservation_rules,
    );
    await replaceLinks(
      tx,
      user_mailing_list_classes,
      user_mailing_list_classes.user_id,
      user_mailing_list_classes.mailing_list_class_id,
      userId,
      links.mailing_list_classes,
    );
  }
}
