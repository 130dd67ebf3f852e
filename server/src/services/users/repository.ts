import { type AnyColumn, type SQL, and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListMeta, NamedRef, Permission, Profile, User, UserReduced } from 'shared-api/contract';
import type { DbOrTx } from '../../db/client';
import {
  categories,
  files,
  mailing_list_classes,
  qualifications,
  reservation_rules,
  user_mailing_list_classes,
  user_qualifications,
  user_reservation_rules,
  users,
} from '../../db/schema';
import { listMetaOf, matchesAllWords, offsetOf, orderByOf } from '../common/list';
import { linkedNames, qualified } from '../common/sql';
import { todayIn } from '../common/time';
import { fileRef } from '../files/repository';
import { isActiveUser, isDeactivatedUser } from './active';

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

export type UserRow = typeof users.$inferSelect;

/** A row of the full registry query (fullQuery). */
interface FullRow {
  row: UserRow;
  category_name: string;
  image_id: string | null;
  image_name: string | null;
  image_mime: string | null;
  image_size: number | null;
  contract_id: string | null;
  contract_name: string | null;
  contract_mime: string | null;
  contract_size: number | null;
  qualifications: NamedRef[];
  reservation_rules: NamedRef[];
  mailing_list_classes: NamedRef[];
  is_deactivated: boolean;
}

const imageFile = alias(files, 'image_file');
const contractFile = alias(files, 'contract_file');

/** The text ?q= searches, spelled as the trigram index's expression (the planner matches it). */
const searchText = sql`(coalesce(${qualified(users, 'name')}, '') || ' ' || coalesce(${qualified(users, 'surname')}, '') || ' ' || coalesce(${qualified(users, 'email')}, '') || ' ' || coalesce(${qualified(users, 'fiscal_code')}, '') || ' ' || coalesce(${qualified(users, 'member_id')}, ''))`;

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
  ) {}

  private today() {
    return todayIn(this.clubTimezone);
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

  private whereOf(filter: UserListFilter, callerId: string | null): SQL | undefined {
    const today = this.today();
    return and(
      matchesAllWords(searchText, filter.q),
      filter.onlyEnabled || filter.onlyAvailablePartners ? isActiveUser(today) : undefined,
      filter.onlyAvailablePartners ? sql`${users.terms_accepted_at} is not null` : undefined,
      filter.onlyAvailablePartners && callerId ? ne(users.id, callerId) : undefined,
    );
  }

  private orderOf(filter: UserListFilter) {
    return orderByOf(SORT_COLUMNS, filter.sortBy, filter.order, [users.surname, users.name], users.id);
  }

  /** GET /user: the registry's page, or only what a picker needs (onlyAvailablePartners / reducedDetails). */
  async list(
    filter: UserListFilter & { page: number; limit: number },
    callerId: string | null,
  ): Promise<{ data: User[] | UserReduced[]; meta: ListMeta }> {
    const where = this.whereOf(filter, callerId);
    const total = sql<number>`(count(*) over())::int`;
    const paged = <Q extends { limit(n: number): Q; offset(n: number): Q }>(q: Q) =>
      filter.limit > 0 ? q.limit(filter.limit).offset(offsetOf(filter)) : q;

    if (filter.onlyAvailablePartners || filter.reducedDetails) {
      const rows = await paged(
        this.db
          .select({ _id: users.id, name: users.name, surname: users.surname, email: users.email, total })
          .from(users)
          .innerJoin(categories, eq(categories.id, users.category_id))
          .where(where)
          .orderBy(...this.orderOf(filter))
          .$dynamic(),
      );
      const totalItems = rows[0]?.total ?? (filter.page > 1 ? await this.count(where) : 0);
      return { data: rows.map(({ total: _t, ...rest }) => rest), meta: listMetaOf(totalItems, filter) };
    }

    const rows = await paged(this.fullQuery({ total }).where(where).orderBy(...this.orderOf(filter)));
    const totalItems = rows[0]?.total ?? (filter.page > 1 ? await this.count(where) : 0);
    return { data: rows.map((r) => this.toUser(r)), meta: listMetaOf(totalItems, filter) };
  }

  /** Every row of the list's query, for its download. */
  async listAll(filter: UserListFilter): Promise<User[]> {
    const rows = await this.fullQuery().where(this.whereOf(filter, null)).orderBy(...this.orderOf(filter));
    return rows.map((r) => this.toUser(r));
  }

  private async count(where: SQL | undefined): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .innerJoin(categories, eq(categories.id, users.category_id))
      .where(where);
    return row?.n ?? 0;
  }

  async get(id: string): Promise<User | null> {
    const [row] = await this.fullQuery().where(eq(users.id, id)).limit(1);
    return row ? this.toUser(row) : null;
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

  async emailTaken(email: string, exceptId?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email))
      .limit(1);
    return Boolean(row);
  }

  /** GET /user/me. The medical fields wait for the certificates feature (docs/decisions.md). */
  async profile(id: string): Promise<Profile | null> {
    const [row] = await this.db
      .select({ row: users, permissions: categories.permissions })
      .from(users)
      .innerJoin(categories, eq(categories.id, users.category_id))
      .where(eq(users.id, id))
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
      fitet_type: null,
      fitet_category: u.fitet_data_category,
      created_at: u.created_at.toISOString(),
      medical_certificate_expiration_date: null,
      medical_certificate_status: 'not_uploaded',
      has_accepted_terms: u.terms_accepted_at !== null,
      permissions: row.permissions as Permission[],
    };
  }

  async update(id: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
    await this.db
      .update(users)
      .set({ ...values, updated_at: new Date() })
      .where(eq(users.id, id));
  }

  /** Replaces the user's links to qualifications, booking rules and mailing-list classes. */
  async setLinks(
    tx: DbOrTx,
    userId: string,
    links: { qualifications: string[]; reservation_rules: string[]; mailing_list_classes: string[] },
  ): Promise<void> {
    await tx.delete(user_qualifications).where(eq(user_qualifications.user_id, userId));
    await tx.delete(user_reservation_rules).where(eq(user_reservation_rules.user_id, userId));
    await tx.delete(user_mailing_list_classes).where(eq(user_mailing_list_classes.user_id, userId));
    const unique = (ids: string[]) => [...new Set(ids)];
    if (links.qualifications.length)
      await tx.insert(user_qualifications).values(unique(links.qualifications).map((qualification_id) => ({ user_id: userId, qualification_id })));
    if (links.reservation_rules.length)
      await tx
        .insert(user_reservation_rules)
        .values(unique(links.reservation_rules).map((reservation_rule_id) => ({ user_id: userId, reservation_rule_id })));
    if (links.mailing_list_classes.length)
      await tx
        .insert(user_mailing_list_classes)
        .values(unique(links.mailing_list_classes).map((mailing_list_class_id) => ({ user_id: userId, mailing_list_class_id })));
  }

  /** Ids among `ids` that exist in the table (to name the missing ones). */
  async existingIds(table: typeof qualifications | typeof reservation_rules | typeof mailing_list_classes, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  private toUser(row: FullRow): User {
    const u = row.row;
    return {
      _id: u.id,
      member_id: u.member_id,
      name: u.name,
      surname: u.surname,
      email: u.email,
      phone_number: u.phone_number,
      fiscal_code: u.fiscal_code,
      image: row.image_id
        ? fileRef({ id: row.image_id, original_name: row.image_name!, mime: row.image_mime!, size: row.image_size! })
        : null,
      birth_date: u.birth_date,
      birth_province: u.birth_province,
      birth_place: u.birth_place,
      residence_address: u.residence_address,
      residence_province: u.residence_province,
      residence_place: u.residence_place,
      residence_postal_code: u.residence_postal_code,
      gender: u.gender as User['gender'],
      parent_name: u.parent_name,
      parent_surname: u.parent_surname,
      parent_fiscal_code: u.parent_fiscal_code,
      category: { _id: u.category_id, name: row.category_name },
      qualifications: row.qualifications,
      reservation_rules: row.reservation_rules,
      mailing_list_classes: row.mailing_list_classes,
      fitet_data_code: u.fitet_data_code,
      fitet_data_category: u.fitet_data_category,
      contract_file: row.contract_id
        ? fileRef({ id: row.contract_id, original_name: row.contract_name!, mime: row.contract_mime!, size: row.contract_size! })
        : null,
      contract_end_date: u.contract_end_date,
      notes: u.notes,
      created_at: u.created_at.toISOString(),
      deactivation_status: Boolean(row.is_deactivated),
      deactivation_date_start: u.deactivation_date_start,
      deactivation_date_end: u.deactivation_date_end,
      has_accepted_terms: u.terms_accepted_at !== null,
      registration_completed: u.registration_completed_at !== null,
    };
  }
}
