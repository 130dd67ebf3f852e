import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { User, UserPayload } from 'shared-api/contract';
import { ADULT_AGE, MINOR_CATEGORY_NAME, holdsAny } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import type { CurrentUser } from '../../../core/domain';
import type { ListRequest } from '../../../core/list';
import { categories, users } from '../tables';
import { DomainError, invalidInput, isUniqueViolation } from '../../../core/errors';
import { type Clock, ageOn, todayIn } from '../../../core/time';
import type { FileRepository } from '../../../core/files/repository';
import { CONTRACT_TYPES, PHOTO_TYPES } from '../../../core/files/policy';
import { type AcceptedFile, type Upload, acceptUpload } from '../../../core/files/uploads';
import { fiscalCodeProblem } from './fiscal-code';
import { isAnonymisedEmail } from './personal-data';
import type { UserListFilter, UserRepository, UserSortKey } from './repository';
import type { AccountPort } from '../account-port';
import type { DeactivationPort } from '../deactivation-port';
import { type Actor, assertCanGrant, assertMayChange } from '../grants';
import { assertReferencesExist } from '../reference-check';

/** The message the front end matches (spec 001 §8 'with this email already exists'). */
export const EMAIL_TAKEN_MESSAGE = 'User with this email already exists';
export const USER_NOT_FOUND_MESSAGE = 'Utente non trovato';

/** Files the user form may attach, and what each accepts (spec 001 §5). */
const FILE_FIELDS = { image: PHOTO_TYPES, contract_file: CONTRACT_TYPES } as const;
type FileField = keyof typeof FILE_FIELDS;

export interface UserRegistryDeps {
  db: Db;
  users: UserRepository;
  files: FileRepository;
  /** Invitations and sessions belong to the account domain; wired in domains/index.ts's list through Services. */
  account: () => AccountPort;
  /** What the booking domain ends at a deactivation (issue 39); absent without that domain. */
  deactivation: () => DeactivationPort | undefined;
  clubTimezone: string;
  clock: Clock;
}

/** Creating, editing, deleting, activating and deactivating users of the registry, with the server's own checks. */
export class UserRegistry {
  constructor(private readonly deps: UserRegistryDeps) {}

  private today() {
    return todayIn(this.deps.clubTimezone, this.deps.clock.now());
  }

  /**
   * GET /user: the registry's list needs registry_access; the pickers (onlyAvailablePartners, reducedDetails) are
   * open to whoever the route admits and answer only id, name, surname and e-mail — narrowed (name and surname
   * searched, a fixed order, active members who accepted the terms) for whoever lacks registry_access (DESIGN §3).
   */
  list(filter: UserListFilter & ListRequest<UserSortKey>, caller: Pick<CurrentUser, 'id' | 'permissions'>) {
    const registry = holdsAny(caller.permissions, ['registry_access']);
    if (!registry && !filter.onlyAvailablePartners && !filter.reducedDetails) throw new DomainError('FORBIDDEN');
    return this.deps.users.list(filter, { id: caller.id, narrow: !registry });
  }

  /** Every user of the registry's list, for its download. */
  listAll(filter: UserListFilter): Promise<User[]> {
    return this.deps.users.listAll(filter);
  }

  async get(id: string): Promise<User> {
    const found = await this.deps.users.get(id);
    if (!found) throw new DomainError('USER_NOT_FOUND');
    return found;
  }

  /** Acting on an existing user: it must exist, and a '*' user is changed only by a '*' user. */
  private async guardTarget(id: string, actor: Actor): Promise<void> {
    const permissions = await this.deps.users.permissionsOf(id);
    if (!permissions) throw new DomainError('USER_NOT_FOUND');
    assertMayChange(actor, permissions);
  }

  /** Checks the contract cannot express (check letter, minors, references) and maps the payload to columns. */
  private async prepare(payload: UserPayload) {
    const { db } = this.deps;
    const fiscalProblem = fiscalCodeProblem(payload.fiscal_code);
    if (fiscalProblem) throw new DomainError('FISCAL_CODE_INVALID', `fiscal_code: ${fiscalProblem}`);
    if (payload.birth_date > this.today()) throw invalidInput('birth_date: La data di nascita non può essere nel futuro');

    const [category] = await db
      .select({ id: categories.id, name: categories.name, permissions: categories.permissions })
      .from(categories)
      .where(eq(categories.id, payload.category))
      .limit(1);
    if (!category) throw invalidInput('category: Categoria non trovata');

    const minor = category.name === MINOR_CATEGORY_NAME || ageOn(payload.birth_date, this.today()) < ADULT_AGE;
    if (minor) {
      for (const field of ['parent_name', 'parent_surname', 'parent_fiscal_code'] as const) {
        if (!payload[field]) throw invalidInput(`${field}: Campo obbligatorio per i minorenni`);
      }
      const parentProblem = fiscalCodeProblem(payload.parent_fiscal_code ?? '');
      if (parentProblem) throw new DomainError('FISCAL_CODE_INVALID', `parent_fiscal_code: ${parentProblem}`);
    }

    await assertReferencesExist(db, payload, ['qualifications', 'reservation_rules', 'mailing_list_classes']);

    return {
      categoryPermissions: category.permissions,
      values: {
        member_id: payload.member_id,
        name: payload.name,
        surname: payload.surname,
        email: payload.email,
        phone_number: payload.phone_number,
        fiscal_code: payload.fiscal_code,
        birth_date: payload.birth_date,
        birth_province: payload.birth_province.toUpperCase(),
        birth_place: payload.birth_place,
        residence_address: payload.residence_address,
        residence_province: payload.residence_province.toUpperCase(),
        residence_place: payload.residence_place,
        residence_postal_code: payload.residence_postal_code,
        gender: payload.gender,
        // Parent fields belong to minors only (spec 001 §4).
        parent_name: minor ? payload.parent_name! : null,
        parent_surname: minor ? payload.parent_surname! : null,
        parent_fiscal_code: minor ? payload.parent_fiscal_code! : null,
        category_id: category.id,
        fitet_data_code: payload.fitet_data_code ?? null,
        fitet_data_category: payload.fitet_data_category ?? null,
        contract_end_date: payload.contract_end_date ?? null,
        notes: payload.notes ?? null,
      },
      links: {
        qualifications: payload.qualifications,
        reservation_rules: payload.reservation_rules,
        mailing_list_classes: payload.mailing_list_classes,
      },
    };
  }

  private async acceptFiles(uploads: Map<string, Upload> | null): Promise<Partial<Record<FileField, AcceptedFile>>> {
    const accepted: Partial<Record<FileField, AcceptedFile>> = {};
    for (const [field, upload] of uploads ?? []) {
      if (!(field in FILE_FIELDS)) throw invalidInput(`Campo file non previsto: ${field}`);
      accepted[field as FileField] = await acceptUpload(upload, FILE_FIELDS[field as FileField]);
    }
    return accepted;
  }

  async create(payload: UserPayload, uploads: Map<string, Upload> | null, actor: Actor): Promise<User> {
    const { db, users: repo, files } = this.deps;
    const prepared = await this.prepare(payload);
    // Giving a user a category grants its permissions.
    assertCanGrant(actor, prepared.categoryPermissions);
    const attached = await this.acceptFiles(uploads);
    if (await repo.emailTaken(payload.email)) throw new DomainError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);

    const id = randomUUID();
    const written: string[] = [];
    let sendInvitation: () => Promise<void>;
    try {
      sendInvitation = await db.transaction(async (tx) => {
        for (const file of Object.values(attached)) {
          written.push(file.id);
          await files.save(tx, file, id);
        }
        await tx.insert(users).values({
          id,
          ...prepared.values,
          image_file_id: attached.image?.id ?? null,
          contract_file_id: attached.contract_file?.id ?? null,
        });
        await repo.setLinks(tx, id, prepared.links);
        return this.deps.account().issueInvitation(tx, { id, name: payload.name, email: payload.email });
      });
    } catch (err) {
      await files.removeBytes(written);
      if (isUniqueViolation(err, 'users_email_key')) throw new DomainError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
      throw err;
    }
    await sendInvitation();
    return (await repo.get(id))!;
  }

  /** Same payload as create; a file not sent keeps the stored one. */
  async update(id: string, payload: UserPayload, uploads: Map<string, Upload> | null, actor: Actor): Promise<User> {
    const { db, users: repo, files } = this.deps;
    await this.guardTarget(id, actor);
    const existing = await repo.findRow(id);
    if (!existing) throw new DomainError('USER_NOT_FOUND');
    const prepared = await this.prepare(payload);
    if (existing.category_id !== prepared.values.category_id) assertCanGrant(actor, prepared.categoryPermissions);
    const attached = await this.acceptFiles(uploads);
    if (await repo.emailTaken(payload.email, id)) throw new DomainError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);

    const replaced = [attached.image && existing.image_file_id, attached.contract_file && existing.contract_file_id].filter((v): v is string =>
      Boolean(v),
    );
    const written: string[] = [];
    try {
      await db.transaction(async (tx) => {
        for (const file of Object.values(attached)) {
          written.push(file.id);
          await files.save(tx, file, id);
        }
        await tx
          .update(users)
          .set({
            ...prepared.values,
            ...(attached.image ? { image_file_id: attached.image.id } : {}),
            ...(attached.contract_file ? { contract_file_id: attached.contract_file.id } : {}),
            updated_at: new Date(),
          })
          .where(eq(users.id, id));
        await repo.setLinks(tx, id, prepared.links);
        await files.deleteRows(tx, replaced);
      });
    } catch (err) {
      await files.removeBytes(written);
      if (isUniqueViolation(err, 'users_email_key')) throw new DomainError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
      throw err;
    }
    await files.removeBytes(replaced);
    return (await repo.get(id))!;
  }

  async remove(id: string, actor: Actor): Promise<void> {
    const { db, files } = this.deps;
    if (id === actor.id) throw new DomainError('SELF_DELETE');
    await this.guardTarget(id, actor);
    const removedFiles = await db.transaction(async (tx) => {
      const [deleted] = await tx.delete(users).where(eq(users.id, id)).returning({ image: users.image_file_id, contract: users.contract_file_id });
      if (!deleted) throw new DomainError('USER_NOT_FOUND');
      const ids = [deleted.image, deleted.contract].filter((v): v is string => Boolean(v));
      await files.deleteRows(tx, ids);
      return ids;
    });
    await files.removeBytes(removedFiles);
  }

  async activate(id: string, actor: Actor): Promise<User> {
    const { db, users: repo } = this.deps;
    await this.guardTarget(id, actor);
    const updated = await db.transaction(async (tx) => {
      // An anonymised member has left for good (issue 39): their record is no one's to sign in with.
      const [found] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id)).for('update').limit(1);
      if (found && isAnonymisedEmail(found.email)) throw new DomainError('ANONYMIZED_USER');
      return tx
        .update(users)
        .set({ deactivation_status: false, deactivation_date_start: null, deactivation_date_end: null, updated_at: new Date() })
        .where(eq(users.id, id))
        .returning({ id: users.id });
    });
    if (!updated.length) throw new DomainError('USER_NOT_FOUND');
    return (await repo.get(id))!;
  }

  /** Deactivated from today through endDate (inclusive) or until activated; their sessions end now. */
  async deactivate(id: string, endDate: string | null, actor: Actor): Promise<User> {
    const { db, users: repo } = this.deps;
    if (id === actor.id) throw new DomainError('SELF_DEACTIVATE');
    await this.guardTarget(id, actor);
    const today = this.today();
    if (endDate && endDate < today) throw new DomainError('DEACTIVATION_END_IN_PAST');
    const updated = await db.transaction(async (tx) => {
      const rows = await tx
        .update(users)
        .set({ deactivation_status: true, deactivation_date_start: today, deactivation_date_end: endDate, updated_at: new Date() })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      // Their waitlist places end with the deactivation (issue 39): no notice reaches a member who cannot sign in.
      if (rows.length) await this.deps.deactivation()?.endOf(tx, id);
      return rows;
    });
    if (!updated.length) throw new DomainError('USER_NOT_FOUND');
    await this.deps.account().endSessionsOf(id);
    return (await repo.get(id))!;
  }
}
