import { reservationRuleForm, statisticsSummaryQuery, uploadForm } from '../contract';
import { UPLOAD_RULES, fileSelectionProblem, parseNumber, statisticsPeriodProblem } from '../contract/constants';

const file = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('typed numbers', () => {
  it('reads a comma as decimal separator', () => {
    expect(parseNumber('12,5')).toBe(12.5);
    expect(parseNumber(' 3 ')).toBe(3);
    expect(parseNumber('-2')).toBe(-2);
    expect(parseNumber('abc')).toBeNull();
    expect(parseNumber('-')).toBeNull();
    expect(parseNumber('')).toBeNull();
  });
});

describe('uploads', () => {
  const rules = { accept: ['pdf', 'png'] };
  it('default to one file of at most 1 MB', () => {
    expect(fileSelectionProblem([file('a.pdf', 10), file('b.pdf', 10)], rules)).toBe('Puoi caricare al massimo 1 file');
    expect(fileSelectionProblem([file('a.pdf', 1024 * 1024 + 1)], rules)).toBe('Il file a.pdf supera la dimensione massima di 1 MB');
    expect(fileSelectionProblem([file('a.pdf', 1024 * 1024)], rules)).toBeNull();
  });
  it('check the type by extension, case-insensitively', () => {
    expect(fileSelectionProblem([file('foto.JPG', 10)], rules)).toBe('Tipo di file non accettato: foto.JPG');
    expect(fileSelectionProblem([file('scan.PNG', 10)], rules)).toBeNull();
  });
  it('use the given limits', () => {
    const big = { accept: ['pdf'], maxFileCount: 3, maxSizeMB: 5 };
    expect(fileSelectionProblem([file('a.pdf', 1), file('b.pdf', 1), file('c.pdf', 1), file('d.pdf', 1)], big)).toBe(
      'Puoi caricare al massimo 3 file',
    );
    expect(fileSelectionProblem([file('a.pdf', 5 * 1024 * 1024 + 1)], big)).toBe('Il file a.pdf supera la dimensione massima di 5 MB');
  });
  it("an upload form wants its file, within the upload's rules", () => {
    const certificate = uploadForm(UPLOAD_RULES.certificate);
    expect(messages(certificate.safeParse({ file: [] }))).toEqual({ file: 'Campo obbligatorio' });
    expect(messages(certificate.safeParse({ file: [file('nota.txt', 10)] }))).toEqual({ file: 'Tipo di file non accettato: nota.txt' });
    expect(certificate.safeParse({ file: [file('certificato.pdf', 10)] }).success).toBe(true);
  });
});

describe('unlock times as the booking-rule form holds them', () => {
  const rule = {
    name: 'Soci',
    max_rounds_per_week: '3',
    max_rounds_per_day: '1',
    hours_before_booking_to_ignore_rules: '0',
    hours_before_booking_to_cancel: '24',
    week_start_day: '1',
    week_end_day: '0',
  };
  it('leave an untouched row out and read the typed number of shifts', () => {
    const rows = [
      { day: 1, hour: '18:00', num_shifts: '2', _id: 'u1' },
      { day: null, hour: null, num_shifts: '' },
    ];
    expect(reservationRuleForm.parse({ ...rule, unlock_times: rows }).unlock_times).toEqual([{ day: 1, hour: '18:00', num_shifts: 2 }]);
  });
  it('say what a started row misses, at its own index', () => {
    const rows = [
      { day: null, hour: null, num_shifts: '' },
      { day: 2, hour: null, num_shifts: '0' },
    ];
    const result = reservationRuleForm.safeParse(
      { ...rule, unlock_times: rows },
      { error: (i) => (i.input == null ? 'Campo obbligatorio' : undefined) },
    );
    expect(messages(result)).toEqual({
      'unlock_times.1.hour': 'Campo obbligatorio',
      'unlock_times.1.num_shifts': 'Il valore deve essere compreso tra 1 e infinito',
    });
  });
});

describe("a statistic's period", () => {
  const period = statisticsSummaryQuery;
  it('needs both dates, in order, at most 400 days apart: the rule client and server share', () => {
    expect(statisticsPeriodProblem('2026-11-01', '2026-11-30')).toBeNull();
    expect(statisticsPeriodProblem('2026-11-30', '2026-11-01')).toBe('La data di fine non può precedere la data di inizio');
    expect(statisticsPeriodProblem('2025-01-01', '2026-11-30')).toBe('Intervallo troppo ampio (al massimo 400 giorni)');
    expect(messages(period.safeParse({ startDate: '2026-11-30', endDate: '2026-11-01' }))).toEqual({
      endDate: 'La data di fine non può precedere la data di inizio',
    });
  });
});
