import {
  accountingEntryPayload,
  complexAccountingEntryPayload,
  euro,
  euroToCents,
  fiscalYear,
  fiscalYearOf,
  memberChargePayload,
  paymentPayload,
  selfCertificationPayload,
} from '../contract';

const ID = '00000000-0000-4000-8000-000000000001';
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('finance contract', () => {
  it('takes euro with at most two decimals, not negative, also as multipart text with a comma', () => {
    expect(euro.parse(12.5)).toBe(12.5);
    expect(euro.parse('12,50')).toBe(12.5);
    expect(messages(euro.safeParse(12.345))).toEqual(['Sono ammessi al massimo due decimali']);
    expect(messages(euro.safeParse(-1))).toEqual(["L'importo non può essere negativo"]);
    expect(messages(euro.safeParse('dieci'))).toEqual(['Importo non valido']);
  });

  it('converts euro to integer cents without floating-point drift', () => {
    expect([0.29, 1.1, 19.99, 100.07, 9_999_999.99].map(euroToCents)).toEqual([29, 110, 1999, 10007, 999_999_999]);
  });

  it('reads fiscal years as seasons from September and refuses a year that does not follow', () => {
    expect([fiscalYearOf('2026-08-31'), fiscalYearOf('2026-09-01'), fiscalYearOf('2027-01-15')]).toEqual(['2025-2026', '2026-2027', '2026-2027']);
    expect(fiscalYear.safeParse('2031-2032').success).toBe(true);
    expect(messages(fiscalYear.safeParse('2031-2030'))).toEqual(['Anno fiscale non valido: il secondo anno deve seguire il primo (es. 2031-2032)']);
  });

  it('defaults a payment to cash and a line VAT to 0; checks a total sent against taxable + VAT', () => {
    expect(paymentPayload.parse({ amount_paid: 10, payment_date: '2026-10-01' }).payment_type).toBe('cash');
    const base = { fiscal_year: '2026-2027', registration_date: '2026-10-01', subaccount: ID, taxable_amount: 100 };
    expect(accountingEntryPayload.parse(base).vat).toBe(0);
    expect(messages(accountingEntryPayload.safeParse({ ...base, vat: 22, total: 120 }))).toEqual([
      'Il totale deve essere uguale a imponibile più IVA',
    ]);
    const items = JSON.stringify([{ subaccount: ID, taxable_amount: '1,10' }]);
    expect(complexAccountingEntryPayload.parse({ fiscal_year: '2026-2027', registration_date: '2026-10-01', items }).items[0]!.taxable_amount).toBe(
      1.1,
    );
  });

  it('takes up to 1000 users for a charge and one self-certification period as YYYY-MM or month and year', () => {
    const charge = { income_category: ID, reference_period: { start_date: '2026-09-01', end_date: '2027-08-31' }, amount_due: 150 };
    expect(memberChargePayload.parse({ ...charge, user: ID }).user).toEqual([ID]);
    expect(
      memberChargePayload.safeParse({
        ...charge,
        user: Array.from({ length: 1001 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
      }).success,
    ).toBe(false);
    expect(selfCertificationPayload.parse({ user: ID, period: '2026-03', amount: 10, release_date: '2026-04-01' })).toMatchObject({
      year: 2026,
      month: 3,
    });
    expect(messages(selfCertificationPayload.safeParse({ user: ID, period: '2026-03', month: 4, amount: 10, release_date: '2026-04-01' }))).toEqual([
      'Il periodo non corrisponde a mese e anno',
    ]);
  });
});
