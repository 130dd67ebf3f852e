import {
  ENTRY_ATTACHMENT_MIME_TYPES,
  type AccountingEntry,
  type AccountingEntryEditPayload,
  type AccountingEntryPayload,
  type AccountingLine,
  type ComplexAccountingEntryPayload,
  type LedgerType,
  type TrialBalance,
  centsToEuro,
  euroToCents,
  latestEntryDate,
} from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { DomainError, isUniqueViolation } from '../../../core/errors';
import type { FileRepository, FileRow } from '../../../core/files/repository';
import { type AcceptedFile, type Upload, acceptUpload } from '../../../core/files/uploads';
import { ListedRecords } from '../../../core/resources/service';
import type { SubaccountRepository } from '../subaccounts/repository';
import { manualPostings, paymentPostings } from './posting';
import type { AccountingMovementRepository, EntryRow, EntrySortKey, EntryValues } from './repository';

/**
 * The placeholder number of an entry whose next number is taken last in its transaction (repo.assignNextProgressive):
 * the fiscal year's counter row stays locked from then until the commit only, so entries of one year are written in
 * parallel and numbered one after the other at the end.
 */
const NUMBER_AT_COMMIT = 0;

const ATTACHMENT_TYPES: ReadonlySet<string> = new Set(ENTRY_ATTACHMENT_MIME_TYPES);

type EntryHeader = Pick<
  AccountingEntryPayload,
  'fiscal_year' | 'registration_date' | 'progressive' | 'document_number' | 'business_entity' | 'payment_type' | 'notes'
>;

/** What a member payment posts: the member charges' service decides the subaccounts, this one writes the entry. */
export interface PaymentPosting {
  paymentId: string;
  date: string;
  fiscalYear: string;
  paymentType: string;
  amountCents: number;
  assetSubaccountId: string;
  economicSubaccountId: string;
  description: string;
}

/**
 * The books (Movimenti contabili): manual accounting entries (single and multi-line) with their double entry, the
 * entries member payments post, progressive numbers per fiscal year, attachments and the trial balance.
 */
export class AccountingMovementService extends ListedRecords<AccountingEntry, EntrySortKey> {
  constructor(
    private readonly db: Db,
    private readonly repo: AccountingMovementRepository,
    private readonly subaccounts: SubaccountRepository,
    private readonly files: FileRepository,
    /** The club's today (YYYY-MM-DD): how far ahead a manual entry may be registered. */
    private readonly today: () => string,
  ) {
    super(repo, 'ACCOUNTING_ENTRY_NOT_FOUND');
  }

  /** A manual entry registered more than ENTRY_DATE_MAX_DAYS_AHEAD after today is a typing slip (issue 26 item 7). */
  private assertDateNotTooFar(registrationDate: string): void {
    if (registrationDate > latestEntryDate(this.today())) throw new DomainError('ENTRY_DATE_TOO_FAR');
  }

  async attachment(id: string): Promise<FileRow> {
    const fileId = await this.repo.attachmentFileId(id);
    if (fileId === undefined) throw new DomainError('ACCOUNTING_ENTRY_NOT_FOUND');
    const file = fileId ? await this.files.find(fileId) : null;
    if (!file || !this.files.store.exists(file.id)) throw new DomainError('ATTACHMENT_NOT_FOUND');
    return file;
  }

  createSingle(payload: AccountingEntryPayload, uploads: Map<string, Upload> | null): Promise<AccountingEntry> {
    return this.create(payload, [payload], uploads);
  }

  createComplex(payload: ComplexAccountingEntryPayload, uploads: Map<string, Upload> | null): Promise<AccountingEntry> {
    return this.create(payload, payload.items, uploads);
  }

  private async create(head: EntryHeader, lines: readonly AccountingLine[], uploads: Map<string, Upload> | null): Promise<AccountingEntry> {
    this.assertDateNotTooFar(head.registration_date);
    const file = await this.acceptAttachment(uploads);
    const id = await this.writing(file, async (tx) => {
      const values = await this.manualValues(tx, head, lines);
      const progressive = await this.numberFor(tx, head.fiscal_year, head.progressive);
      const entryId = await this.repo.insert(tx, { ...values, progressive });
      await this.repo.replacePostings(tx, entryId, await this.postingsOf(tx, values));
      if (file) {
        await this.files.save(tx, file, null);
        await this.repo.setAttachment(tx, entryId, file.id);
      }
      if (progressive === NUMBER_AT_COMMIT) await this.repo.assignNextProgressive(tx, entryId, head.fiscal_year);
      return entryId;
    });
    return this.get(id);
  }

  /** Entries a payment posted are changed through the payment (docs/decisions.md, "A real double-entry ledger"): editing one here is refused. */
  async update(id: string, payload: AccountingEntryEditPayload, uploads: Map<string, Upload> | null): Promise<AccountingEntry> {
    const file = await this.acceptAttachment(uploads);
    let replaced: string | null = null;
    await this.writing(file, async (tx) => {
      const current = await this.repo.lockEntry(tx, id);
      if (!current) throw new DomainError('ACCOUNTING_ENTRY_NOT_FOUND');
      if (current.payment_id) throw new DomainError('ENTRY_POSTED_BY_PAYMENT');
      // Only a moved date is checked: an entry kept on its day stays editable.
      if (payload.registration_date !== current.registration_date) this.assertDateNotTooFar(payload.registration_date);
      const fiscalYear = payload.fiscal_year ?? current.fiscal_year;
      const values = await this.manualValues(tx, { ...payload, fiscal_year: fiscalYear }, payload.items);
      const progressive = await this.renumber(tx, current, fiscalYear, payload.progressive);
      await this.repo.update(tx, id, { ...values, progressive });
      await this.repo.replacePostings(tx, id, await this.postingsOf(tx, values));
      if (file || payload.remove_attachment) {
        replaced = current.attachment_file_id;
        if (file) await this.files.save(tx, file, null);
        await this.repo.setAttachment(tx, id, file?.id ?? null);
        if (replaced) await this.files.deleteRows(tx, [replaced]);
      }
      if (progressive === NUMBER_AT_COMMIT) await this.repo.assignNextProgressive(tx, id, fiscalYear);
    });
    if (replaced) await this.files.removeBytes([replaced]);
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    const fileId = await this.db.transaction(async (tx) => {
      const current = await this.repo.lockEntry(tx, id);
      if (!current) throw new DomainError('ACCOUNTING_ENTRY_NOT_FOUND');
      if (current.payment_id) throw new DomainError('ENTRY_POSTED_BY_PAYMENT');
      await this.repo.delete(tx, id);
      if (current.attachment_file_id) await this.files.deleteRows(tx, [current.attachment_file_id]);
      return current.attachment_file_id;
    });
    if (fileId) await this.files.removeBytes([fileId]);
  }

  // ——— what member payments post (called inside the payment's transaction) ———

  async postPayment(tx: DbOrTx, posting: PaymentPosting): Promise<void> {
    const entryId = await this.repo.insert(tx, { ...this.paymentValues(posting), progressive: NUMBER_AT_COMMIT });
    await this.repo.replacePostings(tx, entryId, paymentPostings(posting.assetSubaccountId, posting.economicSubaccountId, posting.amountCents));
    await this.repo.assignNextProgressive(tx, entryId, posting.fiscalYear);
  }

  /** The payment changed: its entry follows (a new number when its date moves it to another fiscal year). */
  async repostPayment(tx: DbOrTx, posting: PaymentPosting): Promise<void> {
    const current = await this.repo.entryOfPayment(tx, posting.paymentId);
    if (!current) return this.postPayment(tx, posting);
    const progressive = await this.renumber(tx, current, posting.fiscalYear, null);
    await this.repo.update(tx, current.id, { ...this.paymentValues(posting), progressive });
    await this.repo.replacePostings(tx, current.id, paymentPostings(posting.assetSubaccountId, posting.economicSubaccountId, posting.amountCents));
    if (progressive === NUMBER_AT_COMMIT) await this.repo.assignNextProgressive(tx, current.id, posting.fiscalYear);
  }

  async unpostPayment(tx: DbOrTx, paymentId: string): Promise<void> {
    const current = await this.repo.entryOfPayment(tx, paymentId);
    if (current) await this.repo.delete(tx, current.id);
  }

  private paymentValues(posting: PaymentPosting): Omit<EntryValues, 'progressive'> {
    return {
      fiscal_year: posting.fiscalYear,
      registration_date: posting.date,
      document_number: null,
      business_entity_id: null,
      payment_type: posting.paymentType,
      notes: null,
      payment_id: posting.paymentId,
      lines: [{ subaccount_id: posting.economicSubaccountId, description: posting.description, taxable_cents: posting.amountCents, vat_cents: 0 }],
    };
  }

  // ——— trial balance ———

  async trialBalance(fiscalYear: string): Promise<TrialBalance> {
    const data = await this.repo.trialBalance(fiscalYear);
    const totals = await this.repo.totals(fiscalYear);
    return {
      fiscal_year: fiscalYear,
      data,
      totals: { debit: centsToEuro(totals.debit), credit: centsToEuro(totals.credit) },
      balanced: totals.debit === totals.credit,
    };
  }

  // ——— rules ———

  private async acceptAttachment(uploads: Map<string, Upload> | null): Promise<AcceptedFile | null> {
    const upload = uploads?.get('attachment') ?? uploads?.get('file');
    return upload ? acceptUpload(upload, ATTACHMENT_TYPES) : null;
  }

  /** Runs a write; on failure the attachment's bytes go, and a taken manual number answers 409. */
  private async writing<R>(file: AcceptedFile | null, run: (tx: DbOrTx) => Promise<R>): Promise<R> {
    try {
      return await this.db.transaction(run);
    } catch (err) {
      if (file) await this.files.removeBytes([file.id]);
      if (isUniqueViolation(err, 'finance_accounting_entries_progressive_key')) throw new DomainError('PROGRESSIVE_TAKEN');
      throw err;
    }
  }

  /** A manual number, claimed now; or NUMBER_AT_COMMIT: the next number is taken by the transaction's last statement. */
  private async numberFor(tx: DbOrTx, fiscalYear: string, manual: number | null): Promise<number> {
    if (manual === null) return NUMBER_AT_COMMIT;
    await this.repo.claimProgressive(tx, fiscalYear, manual);
    return manual;
  }

  /** An entry keeps its number unless a new one is asked or it moves to another fiscal year. */
  private async renumber(tx: DbOrTx, current: EntryRow, fiscalYear: string, manual: number | null): Promise<number> {
    if (fiscalYear === current.fiscal_year && (manual === null || manual === current.progressive)) return current.progressive;
    return this.numberFor(tx, fiscalYear, manual);
  }

  /** The entry's values in cents, its subaccounts and business entity checked. */
  private async manualValues(tx: DbOrTx, head: EntryHeader, lines: readonly AccountingLine[]): Promise<Omit<EntryValues, 'progressive'>> {
    const ledgers = await this.ledgersOf(
      tx,
      lines.map((l) => l.subaccount),
    );
    lines.forEach((l, i) => {
      if (!ledgers.has(l.subaccount))
        throw new DomainError('VALIDATION_FAILED', `${lines.length > 1 ? `items.${i}.` : ''}subaccount: Sottoconto non trovato`);
    });
    if (head.business_entity && !(await this.repo.businessEntityExists(tx, head.business_entity))) {
      throw new DomainError('VALIDATION_FAILED', 'business_entity: Entità commerciale non trovata');
    }
    return {
      fiscal_year: head.fiscal_year,
      registration_date: head.registration_date,
      document_number: head.document_number,
      business_entity_id: head.business_entity,
      payment_type: head.payment_type,
      notes: head.notes,
      payment_id: null,
      lines: lines.map((l) => ({
        subaccount_id: l.subaccount,
        description: l.description,
        taxable_cents: euroToCents(l.taxable_amount),
        vat_cents: euroToCents(l.vat),
      })),
    };
  }

  /** Each line on its natural side, the cash or bank subaccount of the payment type on the other (docs/finance.md). */
  private async postingsOf(tx: DbOrTx, values: Omit<EntryValues, 'progressive'>) {
    const paymentSubaccount = values.payment_type ? await this.subaccounts.paymentSubaccount(tx, values.payment_type) : null;
    if (!paymentSubaccount) throw new DomainError('NO_PAYMENT_SUBACCOUNT');
    const ledgers = await this.ledgersOf(
      tx,
      values.lines.map((l) => l.subaccount_id),
    );
    return manualPostings(
      values.lines.map((l) => ({
        subaccount_id: l.subaccount_id,
        ledger_type: ledgers.get(l.subaccount_id)!,
        total_cents: l.taxable_cents + l.vat_cents,
      })),
      paymentSubaccount,
    );
  }

  /** The ledger of each subaccount named (those that exist). */
  private async ledgersOf(tx: DbOrTx, ids: readonly string[]): Promise<Map<string, LedgerType>> {
    return new Map((await this.subaccounts.rows(tx, ids)).map((r) => [r.id, r.ledger_type]));
  }
}
