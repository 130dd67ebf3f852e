import {
  type BusinessEntity,
  type BusinessEntityPayload,
  type ListMeta,
  type SelfCertification,
  type SelfCertificationPayload,
  euroToCents,
} from 'shared-api/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../core/db/client';
import { DomainError } from '../../../core/errors';
import type { ListRequest } from '../../../core/list';
import type { LedgerRepository } from '../ledger/repository';
import { finance_accounting_entries } from '../tables';
import type { BusinessEntitySortKey, EntitiesRepository, SelfCertificationSortKey } from './repository';
import { selfCertificationFileName, selfCertificationPdf } from './self-certification-pdf';

/** Customers and suppliers (none deleted while movements name it) and members' self-certifications with their PDF. */
export class EntitiesService {
  constructor(
    private readonly db: Db,
    private readonly repo: EntitiesRepository,
    private readonly clubName: string,
    private readonly ledger: LedgerRepository,
  ) {}

  // ——— business entities ———

  listEntities(request: ListRequest<BusinessEntitySortKey>): Promise<{ data: BusinessEntity[]; meta: ListMeta }> {
    return this.repo.listEntities(request);
  }

  listAllEntities(request: Omit<ListRequest<BusinessEntitySortKey>, 'page' | 'limit'>): Promise<BusinessEntity[]> {
    return this.repo.listAllEntities(request);
  }

  async getEntity(id: string): Promise<BusinessEntity> {
    const found = await this.repo.entity(id);
    if (!found) throw new DomainError('BUSINESS_ENTITY_NOT_FOUND');
    return found;
  }

  async createEntity(payload: BusinessEntityPayload): Promise<BusinessEntity> {
    return this.getEntity(await this.repo.insertEntity(payload));
  }

  async updateEntity(id: string, payload: BusinessEntityPayload): Promise<BusinessEntity> {
    if (!(await this.repo.updateEntity(id, payload))) throw new DomainError('BUSINESS_ENTITY_NOT_FOUND');
    // The movements that name it are found by its new name.
    await this.ledger.refreshSearchText(this.db, eq(finance_accounting_entries.business_entity_id, id));
    return this.getEntity(id);
  }

  async removeEntity(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const holders = await this.repo.lockEntity(tx, id);
      if (!holders) throw new DomainError('BUSINESS_ENTITY_NOT_FOUND');
      if (holders.length)
        throw new DomainError('BUSINESS_ENTITY_IN_USE', `Impossibile eliminare l'entità commerciale: è usata da ${holders.join(', ')}.`);
      await this.repo.deleteEntity(tx, id);
    });
  }

  // ——— self-certifications ———

  listCertifications(request: ListRequest<SelfCertificationSortKey>): Promise<{ data: SelfCertification[]; meta: ListMeta }> {
    return this.repo.listCertifications(request);
  }

  listAllCertifications(request: Omit<ListRequest<SelfCertificationSortKey>, 'page' | 'limit'>): Promise<SelfCertification[]> {
    return this.repo.listAllCertifications(request);
  }

  async getCertification(id: string): Promise<SelfCertification> {
    const found = await this.repo.certification(id);
    if (!found) throw new DomainError('SELF_CERTIFICATION_NOT_FOUND');
    return found;
  }

  async createCertification(payload: SelfCertificationPayload): Promise<SelfCertification> {
    if (!(await this.repo.userExists(payload.user))) throw new DomainError('VALIDATION_FAILED', 'user: Utente non trovato');
    const id = await this.repo.insertCertification({
      user_id: payload.user,
      year: payload.year,
      month: payload.month,
      amount_cents: euroToCents(payload.amount),
      issue_date: payload.release_date,
    });
    return this.getCertification(id);
  }

  async removeCertification(id: string): Promise<void> {
    if (!(await this.repo.deleteCertification(id))) throw new DomainError('SELF_CERTIFICATION_NOT_FOUND');
  }

  /** The PDF of a self-certification, with the year's total when asked. */
  async certificationPdf(id: string, showTotals: boolean): Promise<{ body: Buffer; fileName: string }> {
    const found = await this.repo.certification(id);
    if (!found) throw new DomainError('SELF_CERTIFICATION_NOT_FOUND');
    const member = await this.repo.member(found.user_id);
    if (!member) throw new DomainError('USER_NOT_FOUND');
    const body = await selfCertificationPdf({
      clubName: this.clubName,
      member,
      year: found.year,
      month: found.month,
      amountCents: found.amount_cents,
      issueDate: found.issue_date,
      yearTotalCents: showTotals ? await this.repo.yearTotalCents(found.user_id, found.year) : null,
    });
    return { body, fileName: selfCertificationFileName(member, found.year, found.month) };
  }
}
