import { eq } from 'drizzle-orm';
import type { Certificate, CertificatePayload, MedicalStatus } from 'shared-api/contract';
import { MEDICAL_CERTIFICATE_NOT_FOUND, NO_RECORDS_TO_UPDATE, holdsAny } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import type { CurrentUser } from '../../../core/domain';
import { DomainError, invalidInput, isUniqueViolation } from '../../../core/errors';
import { CERTIFICATE_TYPES } from '../../../core/files/policy';
import type { FileRepository, FileRow } from '../../../core/files/repository';
import { type Upload, acceptUpload } from '../../../core/files/uploads';
import { Listing } from '../../../core/list';
import { qualified } from '../../../core/sql';
import { addMonths, formatItalianDate } from '../../../core/time';
import { users } from '../../registry/tables';
import { MEDICAL_REQUEST_FILE_NAMES, type MedicalRequestKind, medicalRequestPdf } from '../medical/request-form';
import { medicalExpiryOf, medicalStatusOf } from '../medical/status';
import { certificate_types } from '../tables';
import type { CertificateRepository, CertificateSortKey } from './repository';

export interface CertificateServiceDeps {
  db: Db;
  repo: CertificateRepository;
  files: FileRepository;
  today: () => string;
  /** The club's name, printed on the medical request forms. */
  clubName: string;
}

/**
 * The certificates rules (spec 001 §2–§8, 000 §2.7): one certificate per member and type, every upload a record,
 * approval sets the record's expiry date and notes, a member uploads and downloads only their own medical certificate.
 */
export class CertificateService extends Listing<Certificate, CertificateSortKey> {
  constructor(private readonly deps: CertificateServiceDeps) {
    super(() => deps.repo.listSource());
  }

  async get(id: string): Promise<Certificate> {
    const found = await this.deps.repo.get(id);
    if (!found) throw new DomainError('CERTIFICATE_NOT_FOUND');
    return found;
  }

  /** The certificate the path names, which must belong to the user the path names. */
  private async owned(id: string, userId: string) {
    const found = await this.deps.repo.find(id, userId);
    if (!found) throw new DomainError('CERTIFICATE_NOT_FOUND');
    return found;
  }

  async create(payload: CertificatePayload): Promise<Certificate> {
    const { db, repo } = this.deps;
    const [type] = await db.select({ id: certificate_types.id }).from(certificate_types).where(eq(certificate_types.id, payload.type)).limit(1);
    if (!type) throw invalidInput('type: Tipologia di certificato non trovata');
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, payload.user)).limit(1);
    if (!user) throw invalidInput('user: Utente non trovato');
    try {
      return await this.get(await repo.insert({ type_id: payload.type, user_id: payload.user, notes: payload.notes ?? null }));
    } catch (err) {
      if (isUniqueViolation(err, 'certificates_user_type_key')) throw new DomainError('CERTIFICATE_EXISTS');
      throw err;
    }
  }

  /**
   * Who may set a certificate's expiry, and to what (issue 25): never its own member, whatever their permissions (a
   * member of the certificates staff approved their own medical certificate until 2099 and booked); a medical
   * certificate needs an expiry date; an approval's expiry is from today on (issue 26: one approved until 01/01/2020
   * made its member expired at once; an edit may still move it back, to end a certificate early); any expiry is at
   * most the type's validity_months from today.
   */
  private async checkExpiry(actorId: string, id: string, userId: string, endDate: string | null, approving = false): Promise<void> {
    const rules = await this.deps.repo.approvalRules(id, userId);
    if (!rules) throw new DomainError('CERTIFICATE_NOT_FOUND');
    if (rules.user_id === actorId) throw new DomainError('CERTIFICATE_OWN_RECORD');
    if (!endDate) {
      if (rules.is_medical) throw new DomainError('CERTIFICATE_END_DATE_REQUIRED');
      return;
    }
    if (approving && endDate < this.deps.today()) throw new DomainError('CERTIFICATE_END_DATE_PAST');
    const latest = addMonths(this.deps.today(), rules.validity_months);
    if (endDate > latest)
      throw new DomainError(
        'CERTIFICATE_END_DATE_TOO_FAR',
        `La data di scadenza supera la validità della tipologia: al massimo il ${formatItalianDate(latest)} (${rules.validity_months} mesi).`,
      );
  }

  /** Sets the expiry date of the latest record ('No records found to update' before any upload, spec 001 §8). */
  async editEndDate(actorId: string, id: string, userId: string, endDate: string | null): Promise<Certificate> {
    await this.checkExpiry(actorId, id, userId, endDate);
    if (!(await this.deps.repo.setLatestEndDate(id, endDate))) throw new DomainError('NO_RECORDS_TO_UPDATE', NO_RECORDS_TO_UPDATE);
    return this.get(id);
  }

  async remove(id: string, userId: string): Promise<void> {
    const { db, repo, files } = this.deps;
    await this.owned(id, userId);
    const fileIds = await db.transaction(async (tx) => {
      const ids = await repo.delete(tx, id);
      await files.deleteRows(tx, ids);
      return ids;
    });
    await files.removeBytes(fileIds);
  }

  /** A new record with the uploaded file (field `file`): png, jpeg or pdf by content, 5 MB. */
  async upload(id: string, userId: string, uploads: Map<string, Upload> | null): Promise<Certificate> {
    await this.owned(id, userId);
    await this.addRecord(id, userId, uploads);
    return this.get(id);
  }

  /**
   * Stores the file and its record in one transaction that holds the certificate's row lock, so uploads of one
   * certificate take turns; `refusePending` (the member's own upload) then sees any upload committed before it.
   */
  private async addRecord(certificateId: string, userId: string, uploads: Map<string, Upload> | null, { refusePending = false } = {}): Promise<void> {
    const { db, repo, files } = this.deps;
    const upload = uploads?.get('file');
    if (!upload) throw new DomainError('FILE_MISSING');
    const file = await acceptUpload(upload, CERTIFICATE_TYPES);
    try {
      await db.transaction(async (tx) => {
        if (!(await repo.lock(tx, certificateId))) throw new DomainError('CERTIFICATE_NOT_FOUND');
        if (refusePending) {
          const latest = await repo.latestRecord(certificateId, tx);
          if (latest && !latest.is_approved) throw new DomainError('MEDICAL_CERTIFICATE_PENDING');
        }
        await files.save(tx, file, userId);
        await repo.insertRecord(tx, certificateId, file.id);
      });
    } catch (err) {
      await files.removeBytes([file.id]);
      throw err;
    }
  }

  async approve(
    actorId: string,
    id: string,
    userId: string,
    recordId: string,
    approval: { end_date?: string | null; notes?: string | null },
  ): Promise<Certificate> {
    await this.checkExpiry(actorId, id, userId, approval.end_date ?? null, true);
    if (!(await this.deps.repo.record(id, recordId))) throw new DomainError('CERTIFICATE_RECORD_NOT_FOUND');
    await this.deps.repo.approveRecord(recordId, approval.end_date ?? null, approval.notes ?? null);
    return this.get(id);
  }

  async recordFile(id: string, userId: string, recordId: string): Promise<FileRow> {
    await this.owned(id, userId);
    const record = await this.deps.repo.record(id, recordId);
    const file = record ? await this.deps.files.find(record.file_id) : null;
    if (!file || !this.deps.files.store.exists(file.id)) throw new DomainError('NOT_FOUND', 'File non trovato');
    return file;
  }

  /**
   * The member's own upload from the profile: a new record of their medical certificate (created on the first
   * upload, of the first medical type), refused while the previous upload awaits approval — also when two
   * uploads race (addRecord checks under the certificate's row lock).
   */
  async uploadMine(userId: string, uploads: Map<string, Upload> | null): Promise<void> {
    const { repo } = this.deps;
    let certificate = await repo.medicalCertificateOf(userId);
    if (!certificate) {
      const type = await repo.firstMedicalType();
      if (!type) throw new DomainError('NO_MEDICAL_CERTIFICATE_TYPE');
      try {
        await repo.insert({ type_id: type.id, user_id: userId, notes: null });
      } catch (err) {
        // A second upload racing the first: both use the certificate one of them created.
        if (!isUniqueViolation(err, 'certificates_user_type_key')) throw err;
      }
      certificate = await repo.medicalCertificateOf(userId);
      if (!certificate) throw new DomainError('INTERNAL');
    }
    await this.addRecord(certificate.id, userId, uploads, { refusePending: true });
  }

  /** The file of a member's latest medical upload ('Medical certificate not found' without one, spec 000 §8). */
  private async medicalFileOf(userId: string): Promise<FileRow> {
    const { repo, files } = this.deps;
    const certificate = await repo.medicalCertificateOf(userId);
    const latest = certificate ? await repo.latestRecord(certificate.id) : null;
    const file = latest ? await files.find(latest.file_id) : null;
    if (!file || !files.store.exists(file.id)) throw new DomainError('MEDICAL_CERTIFICATE_NOT_FOUND', MEDICAL_CERTIFICATE_NOT_FOUND);
    return file;
  }

  /**
   * The latest medical certificate a member uploaded, for the member themselves or the certificates staff, saved as
   * certificato_<member id> with the uploaded file's extension.
   */
  async medicalFileFor(caller: Pick<CurrentUser, 'id' | 'permissions'>, userId: string): Promise<{ file: FileRow; downloadName: string }> {
    if (caller.id !== userId && !holdsAny(caller.permissions, ['certificates_access'])) throw new DomainError('FORBIDDEN');
    const file = await this.medicalFileOf(userId);
    const dot = file.original_name.lastIndexOf('.');
    return { file, downloadName: `certificato_${userId}${dot >= 0 ? file.original_name.slice(dot) : ''}` };
  }

  /** A medical request form (agonistic or not) filled with the club's name, the member's data and today's date. */
  async medicalRequest(kind: MedicalRequestKind, userId: string): Promise<{ body: Buffer; fileName: string }> {
    const member = await this.deps.repo.memberData(userId);
    if (!member) throw new DomainError('USER_NOT_FOUND');
    return { body: await medicalRequestPdf(kind, member, this.deps.clubName, this.deps.today()), fileName: MEDICAL_REQUEST_FILE_NAMES[kind] };
  }

  /** Medical status and expiry date of one member, from the same SQL every list uses. */
  async medicalOf(userId: string): Promise<{ status: MedicalStatus; expiry: string | null }> {
    const [row] = await this.deps.db
      .select({ status: medicalStatusOf(qualified(users, 'id'), this.deps.today()), expiry: medicalExpiryOf(qualified(users, 'id')) })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return { status: row?.status ?? 'not_uploaded', expiry: row?.expiry ?? null };
  }
}
