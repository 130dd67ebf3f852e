import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import type { Certificate, CertificateRecord, CertificateState } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { joinOnKey, listFrom, type ListSource, searchableText, selectRows, tableList } from '../../../core/list';
import { qualified } from '../../../core/sql';
import { users } from '../../registry/tables';
import { certificate_records, certificate_types, certificates } from '../tables';

export const CERTIFICATE_SORT_KEYS = ['type', 'surname', 'name', 'fiscal_code', 'current_end_date', 'is_approved'] as const;
export type CertificateSortKey = (typeof CERTIFICATE_SORT_KEYS)[number];

const c = certificates;
const t = certificate_types;
const r = certificate_records;

/** URL of a record's file (certificates staff, or the member through their own /me download). */
export const recordFileUrl = (certificateId: string, userId: string, recordId: string) =>
  `/api/v1/certificate/${certificateId}/user/${userId}/record/${recordId}/file`;

interface Row {
  _id: string;
  type_id: string;
  type_name: string;
  type_is_medical: boolean;
  user_id: string;
  user_name: string;
  user_surname: string;
  user_fiscal_code: string | null;
  notes: string | null;
  current_end_date: string | null;
  latest: { id: string; file_name: string; is_approved: boolean; end_date: string | null; notes: string | null; uploaded_at: string } | null;
  status: CertificateState;
}

const FROM = listFrom(c, joinOnKey(t, eq(t.id, c.type_id)), joinOnKey(users, eq(users.id, c.user_id)));

/** Certificates and their records (spec 001 §3): SQL only. */
export class CertificateRepository {
  constructor(
    private readonly db: Db,
    private readonly today: () => string,
  ) {}

  private columns() {
    const latest = sql<
      Row['latest']
    >`(select json_build_object('id', lr.id, 'file_name', f.original_name, 'is_approved', lr.is_approved, 'end_date', lr.end_date, 'notes', lr.notes, 'uploaded_at', lr.uploaded_at)
      from ${r} lr join files f on f.id = lr.file_id where lr.certificate_id = ${qualified(c, 'id')} order by lr.uploaded_at desc, lr.id desc limit 1)`;

    return {
      _id: c.id,
      type_id: t.id,
      type_name: t.name,
      type_is_medical: t.is_medical,
      user_id: users.id,
      user_name: users.name,
      user_surname: users.surname,
      user_fiscal_code: users.fiscal_code,
      notes: c.notes,
      current_end_date: this.currentEndDate(),
      latest,
      status: this.state(),
    };
  }

  /** Expiry date of the latest approved record. */
  private currentEndDate(): SQL<string | null> {
    return sql<
      string | null
    >`(select ar.end_date::text from ${r} ar where ar.certificate_id = ${qualified(c, 'id')} and ar.is_approved order by ar.uploaded_at desc, ar.id desc limit 1)`;
  }

  /** valid, is_expiring (within the type's largest warning), expired, not_approved, missing — from the latest record. */
  private state(): SQL<CertificateState> {
    return sql<CertificateState>`coalesce((
      select case
        when not sr.is_approved then 'not_approved'
        when sr.end_date is null then 'valid'
        when sr.end_date < ${this.today()}::date then 'expired'
        when sr.end_date <= ${this.today()}::date + coalesce((select max(d) from unnest(${qualified(t, 'days_before_warn')}) d), 0) then 'is_expiring'
        else 'valid' end
      from ${r} sr where sr.certificate_id = ${qualified(c, 'id')} order by sr.uploaded_at desc, sr.id desc limit 1
    ), 'missing')`;
  }

  listSource(): ListSource<Certificate, CertificateSortKey> {
    return tableList(
      this.db,
      {
        from: FROM,
        columns: this.columns(),
        search: searchableText(users.name, users.surname, users.fiscal_code, t.name),
        sortColumns: {
          type: t.name,
          surname: users.surname,
          name: users.name,
          fiscal_code: users.fiscal_code,
          current_end_date: this.currentEndDate(),
          is_approved: sql`(${this.state()} in ('valid', 'is_expiring', 'expired'))`,
        },
        defaultSort: [users.surname, users.name, t.name],
        tieBreaker: c.id,
      },
      toCertificate,
    );
  }

  async get(id: string): Promise<Certificate | null> {
    const [row] = await selectRows(this.db, FROM, this.columns(), eq(c.id, id), { limit: 1 });
    return row ? toCertificate(row) : null;
  }

  /** The certificate with this id belonging to this user (the paths name both). */
  async find(id: string, userId: string) {
    const [row] = await this.db
      .select()
      .from(c)
      .where(and(eq(c.id, id), eq(c.user_id, userId)))
      .limit(1);
    return row ?? null;
  }

  /** What an approval or an expiry edit checks: the certificate's member and its type's medical flag and validity. */
  async approvalRules(id: string, userId: string): Promise<{ user_id: string; is_medical: boolean; validity_months: number } | null> {
    const [row] = await this.db
      .select({ user_id: c.user_id, is_medical: t.is_medical, validity_months: t.validity_months })
      .from(c)
      .innerJoin(t, eq(t.id, c.type_id))
      .where(and(eq(c.id, id), eq(c.user_id, userId)))
      .limit(1);
    return row ?? null;
  }

  /** Each write is a transaction, the audit log's unit (core/audit). */
  async insert(values: { type_id: string; user_id: string; notes: string | null }): Promise<string> {
    const [row] = await this.db.transaction((tx) => tx.insert(c).values(values).returning({ id: c.id }));
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  /** Deletes a certificate; the file ids of its records, whose rows and bytes the caller removes. */
  async delete(tx: DbOrTx, id: string): Promise<string[]> {
    const fileIds = (await tx.select({ file_id: r.file_id }).from(r).where(eq(r.certificate_id, id))).map((x) => x.file_id);
    await tx.delete(c).where(eq(c.id, id));
    return fileIds;
  }

  async insertRecord(tx: DbOrTx, certificateId: string, fileId: string): Promise<string> {
    const [row] = await tx.insert(r).values({ certificate_id: certificateId, file_id: fileId }).returning({ id: r.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  /** Takes the certificate's row lock until the transaction ends; false when it does not exist. */
  async lock(tx: DbOrTx, certificateId: string): Promise<boolean> {
    const rows = await tx.select({ id: c.id }).from(c).where(eq(c.id, certificateId)).for('update');
    return rows.length > 0;
  }

  async latestRecord(certificateId: string, tx: DbOrTx = this.db) {
    const [row] = await tx.select().from(r).where(eq(r.certificate_id, certificateId)).orderBy(desc(r.uploaded_at), desc(r.id)).limit(1);
    return row ?? null;
  }

  async record(certificateId: string, recordId: string) {
    const [row] = await this.db
      .select()
      .from(r)
      .where(and(eq(r.id, recordId), eq(r.certificate_id, certificateId)))
      .limit(1);
    return row ?? null;
  }

  async approveRecord(recordId: string, endDate: string | null, notes: string | null): Promise<void> {
    await this.db.transaction((tx) =>
      tx.update(r).set({ is_approved: true, end_date: endDate, notes, approved_at: new Date() }).where(eq(r.id, recordId)),
    );
  }

  /** Sets the expiry date of the latest record; false when the certificate has none. */
  async setLatestEndDate(certificateId: string, endDate: string | null): Promise<boolean> {
    const latest = await this.latestRecord(certificateId);
    if (!latest) return false;
    await this.db.transaction((tx) => tx.update(r).set({ end_date: endDate }).where(eq(r.id, latest.id)));
    return true;
  }

  /** The member's medical certificate (of a medical type), the one with the latest upload first. */
  async medicalCertificateOf(userId: string) {
    const [row] = await this.db
      .select({ id: c.id, type_id: c.type_id })
      .from(c)
      .innerJoin(t, and(eq(t.id, c.type_id), eq(t.is_medical, true)))
      .where(eq(c.user_id, userId))
      .orderBy(sql`(select max(x.uploaded_at) from ${r} x where x.certificate_id = ${qualified(c, 'id')}) desc nulls last`, t.name)
      .limit(1);
    return row ?? null;
  }

  /** A member's data for the medical request forms. */
  async memberData(userId: string) {
    const [member] = await this.db
      .select({
        name: users.name,
        surname: users.surname,
        birth_date: users.birth_date,
        birth_place: users.birth_place,
        birth_province: users.birth_province,
        fiscal_code: users.fiscal_code,
        residence_address: users.residence_address,
        residence_place: users.residence_place,
        residence_province: users.residence_province,
        residence_postal_code: users.residence_postal_code,
        fitet_data_code: users.fitet_data_code,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return member ?? null;
  }

  /** The first medical type by name: where a member's first upload goes when no certificate exists yet. */
  async firstMedicalType() {
    const [row] = await this.db.select({ id: t.id }).from(t).where(eq(t.is_medical, true)).orderBy(t.name).limit(1);
    return row ?? null;
  }
}

function toCertificate(row: Row): Certificate {
  const latest = row.latest;
  const record: CertificateRecord | null = latest
    ? {
        recordId: latest.id,
        fileUrl: recordFileUrl(row._id, row.user_id, latest.id),
        fileName: latest.file_name,
        isApproved: latest.is_approved,
        end_date: latest.end_date,
        notes: latest.notes,
        uploaded_at: new Date(latest.uploaded_at).toISOString(),
      }
    : null;
  return {
    _id: row._id,
    type: { _id: row.type_id, name: row.type_name, is_medical: row.type_is_medical },
    user: { _id: row.user_id, name: row.user_name, surname: row.user_surname, fiscal_code: row.user_fiscal_code },
    notes: row.notes,
    current_end_date: row.current_end_date,
    active_record_content: record,
    is_approved: latest?.is_approved ?? false,
    is_valid: row.status === 'valid' || row.status === 'is_expiring',
    status: row.status,
  };
}
