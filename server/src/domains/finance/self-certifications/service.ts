import { type SelfCertification, type SelfCertificationPayload, euroToCents } from 'shared-api/contract';
import { DomainError, invalidInput } from '../../../core/errors';
import { Listing } from '../../../core/list';
import { selfCertificationFileName, selfCertificationPdf } from './pdf';
import type { SelfCertificationRepository, SelfCertificationSortKey } from './repository';

/** Members' self-certifications of what the club paid them, and their PDF. */
export class SelfCertificationService extends Listing<SelfCertification, SelfCertificationSortKey> {
  constructor(
    private readonly repo: SelfCertificationRepository,
    private readonly clubName: string,
  ) {
    super(() => repo.listSource());
  }

  async get(id: string): Promise<SelfCertification> {
    return this.found(id);
  }

  async create(payload: SelfCertificationPayload): Promise<SelfCertification> {
    if (!(await this.repo.userExists(payload.user))) throw invalidInput('user: Utente non trovato');
    const id = await this.repo.insert({
      user_id: payload.user,
      year: payload.year,
      month: payload.month,
      amount_cents: euroToCents(payload.amount),
      issue_date: payload.release_date,
    });
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.repo.delete(id))) throw new DomainError('SELF_CERTIFICATION_NOT_FOUND');
  }

  /** The PDF of a self-certification, with the year's total when asked. */
  async pdf(id: string, showTotals: boolean): Promise<{ body: Buffer; fileName: string }> {
    const found = await this.found(id);
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

  private async found(id: string) {
    const found = await this.repo.get(id);
    if (!found) throw new DomainError('SELF_CERTIFICATION_NOT_FOUND');
    return found;
  }
}
