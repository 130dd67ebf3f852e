import { auditChangesText, auditInstantText, auditRecordLabel, auditValueText, type AuditEntryShape } from '../contract/audit-format';

const ROME = 'Europe/Rome';
const SESSION = '3b2d5c5e-1c1a-4c3e-9f7e-5b1f0d7a2c11';
const MARCO = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const UNNAMED = '9b2d5c5e-1c1a-4c3e-9f7e-5b1f0d7a2c11';
const NAMES = { [SESSION]: 'Serale, 24/11/2026 ore 18:00, Tavolo 3', [MARCO]: 'Rossi Marco' };

const entry = (over: Partial<AuditEntryShape>): AuditEntryShape => ({
  at: '2026-11-25T09:30:00.000Z',
  actor: { name: 'Anna', surname: 'Verdi' },
  action: 'edit',
  entity: 'users',
  entity_id: null,
  changes: {},
  ...over,
});

describe("the audit log's values as a person reads them (issue 44 item 6)", () => {
  const text = (value: unknown, field = 'x', zone = ROME) => auditValueText(value, field, NAMES, zone);

  it('names records by id, and keeps an id it cannot name', () => {
    expect(text(SESSION, 'session_id')).toBe('Serale, 24/11/2026 ore 18:00, Tavolo 3');
    expect(text([MARCO, UNNAMED], 'participant_ids')).toBe(`Rossi Marco, ${UNNAMED}`);
  });

  it("shows instants on the club's clock, whatever the offset they were written with, in winter and in summer", () => {
    expect(text('2026-11-24T17:00:00+00:00', 'start_at')).toBe('24/11/2026 18:00');
    expect(text('2026-11-24 17:00:00+00', 'start_at')).toBe('24/11/2026 18:00');
    expect(text('2027-07-14T16:30:00.123Z', 'cancelled_at')).toBe('14/07/2027 18:30');
    expect(text('2026-11-24T17:00:00+00:00', 'start_at', 'America/New_York')).toBe('24/11/2026 12:00');
    expect(auditInstantText('2026-12-31T23:30:00Z', ROME)).toBe('01/01/2027 00:30');
  });

  it('either side of the clock changes, whatever instant of the quarter hour was read first', () => {
    // 28 March 2027: at 01:00 UTC Rome goes from 02:00 to 03:00.
    expect(auditInstantText('2027-03-28T00:59:00Z', ROME)).toBe('28/03/2027 01:59');
    expect(auditInstantText('2027-03-28T01:00:00Z', ROME)).toBe('28/03/2027 03:00');
    expect(auditInstantText('2027-03-28T00:50:00Z', ROME)).toBe('28/03/2027 01:50');
    // 25 October 2026: at 01:00 UTC Rome goes from 03:00 back to 02:00; 02:30 happens twice.
    expect(auditInstantText('2026-10-25T00:30:00Z', ROME)).toBe('25/10/2026 02:30');
    expect(auditInstantText('2026-10-25T01:30:00Z', ROME)).toBe('25/10/2026 02:30');
    expect(auditInstantText('2026-10-25T00:59:59Z', ROME)).toBe('25/10/2026 02:59');
    expect(auditInstantText('2026-10-25T01:00:00Z', ROME)).toBe('25/10/2026 02:00');
    // A zone whose offset is not whole hours (Kathmandu, +05:45), and one whose clock changes by half an hour (Lord Howe).
    expect(auditInstantText('2026-11-24T17:00:00Z', 'Asia/Kathmandu')).toBe('24/11/2026 22:45');
    expect(auditInstantText('2026-04-04T14:59:00Z', 'Australia/Lord_Howe')).toBe('05/04/2026 01:59');
    expect(auditInstantText('2026-04-04T15:10:00Z', 'Australia/Lord_Howe')).toBe('05/04/2026 01:40');
    expect(auditInstantText('2026-04-04T15:00:00Z', 'Australia/Lord_Howe')).toBe('05/04/2026 01:30');
    expect(auditInstantText('non è una data', ROME)).toBe('');
  });

  it('days, times of day, money, yes/no, days of the week, codes and numbers in Italian', () => {
    expect(text('2026-11-24', 'date')).toBe('24/11/2026');
    expect(text('18:00:00', 'start_time')).toBe('18:00');
    expect(text(1250, 'amount_cents')).toBe('12,50\u00a0€');
    expect(text(true, 'is_booking_allowed')).toBe('Sì');
    expect(text(false, 'active')).toBe('No');
    expect(text(2, 'day')).toBe('Martedì');
    expect(text([1, 3], 'week_days')).toBe('Lunedì, Mercoledì');
    expect(text('F', 'gender')).toBe('Femmina');
    expect(text('bank_mps', 'payment_type')).toBe('Banca MPS c/c ordinario');
    expect(text(['book_session', '*'], 'permissions')).toBe('Prenotazione turni, Tutti i permessi');
    expect(text(2.5, 'hours')).toBe('2,5');
    expect(text({ day: 1, hour: '18:00', num_shifts: 2 }, 'unlock_times')).toBe('Lun 18:00 · 2 turni');
    expect(text(null)).toBe('—');
    expect(text([], 'participant_ids')).toBe('—');
  });
});

describe("an entry's changes in one line (the downloads' 'Modifiche')", () => {
  it('an edit: each field by its label, before → after', () => {
    const changes = { phone_number: { before: '+39 340 1112233', after: '+39 333 7654321' }, session_id: { before: null, after: SESSION } };
    expect(auditChangesText(entry({ changes, names: NAMES }), ROME)).toBe(
      'Telefono: +39 340 1112233 → +39 333 7654321; Sessione: — → Serale, 24/11/2026 ore 18:00, Tavolo 3',
    );
  });

  it('a record written whole shows its values once; one removed whole, what it held', () => {
    const booked = entry({
      action: 'book',
      entity: 'bookings',
      changes: { session_id: { before: null, after: SESSION }, participant_ids: { before: null, after: [MARCO] } },
      names: NAMES,
    });
    expect(auditChangesText(booked, ROME)).toBe('Sessione: Serale, 24/11/2026 ore 18:00, Tavolo 3; Partecipanti: Rossi Marco');
    const removed = entry({ action: 'delete', changes: { day: { before: 1, after: null }, hour: { before: '18:00', after: null } } });
    expect(auditChangesText(removed, ROME)).toBe('Giorno: Lunedì; Ora: 18:00');
  });

  it('fields named without values are listed as such; no fields, nothing', () => {
    const anonymised = entry({ action: 'anonymize', changes: { name: { before: null, after: null }, waitlist: { before: null, after: null } } });
    expect(auditChangesText(anonymised, ROME)).toBe("Dati anonimizzati: Nome, Iscrizioni alle liste d'attesa (valori non registrati)");
    expect(auditChangesText(entry({ action: 'sign-in' }), ROME)).toBe('');
  });

  it('the record by its kind and, where named, its name', () => {
    expect(auditRecordLabel(entry({ entity: 'training_sessions', entity_id: SESSION, names: NAMES }))).toBe(
      'Sessioni di allenamento: Serale, 24/11/2026 ore 18:00, Tavolo 3',
    );
    expect(auditRecordLabel(entry({ entity: 'bookings', entity_id: UNNAMED }))).toBe('Prenotazioni');
  });
});
