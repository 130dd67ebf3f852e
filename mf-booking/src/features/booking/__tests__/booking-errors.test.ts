import { API_ERRORS, ApiError } from 'shared-api';
import { BOOKING_REFUSALS, bookingErrorText } from '../booking-errors';

const refused = (code: string, message = 'whatever the server says') => new ApiError(message, 409, { code, message });

describe('booking refusals, by code', () => {
  it.each([
    ['WEEKLY_LIMIT_USER', 'Non hai turni a disposizione per prenotare in questa settimana'],
    ['WEEKLY_LIMIT_PARTNER', 'Un compagno scelto non può prenotare turni in questo momento'],
    ['SESSION_ALREADY_BOOKED', 'Questo turno è già stato prenotato'],
    ['BOOKING_NOT_ALLOWED', 'Questo turno non può essere prenotato'],
    ['MEDICAL_CERTIFICATE_INVALID_USER', 'Non puoi prenotare turni senza un certificato medico valido'],
    ['MEDICAL_CERTIFICATE_INVALID_PARTNER', 'Un compagno scelto non ha un certificato medico valido'],
    ['PARTNER_NOT_FOUND', 'Un compagno scelto non è stato trovato'],
    ['BOOKING_OUTSIDE_ACTIVE_WEEK', 'Non puoi prenotare un turno fuori dalla settimana attualmente attiva'],
    // Issue 26: a session that has started is refused as started, not as outside the week.
    ['SESSION_STARTED', 'Questo turno è già iniziato: non si può più prenotare'],
    ['QUALIFICATION_MISSING_USER', 'Non hai le qualifiche necessarie per prenotare questo turno'],
    ['QUALIFICATION_MISSING_PARTNER', 'Un compagno scelto non ha le qualifiche necessarie per prenotare questo turno'],
    ['OVERLAPPING_BOOKING_USER', 'Hai già prenotato un turno in questo orario'],
    ['OVERLAPPING_BOOKING_PARTNER', 'Un compagno scelto ha già un turno prenotato in questo orario'],
    ['DAILY_LIMIT_USER', 'Hai già raggiunto il numero massimo di turni prenotabili per la giornata'],
    ['DAILY_LIMIT_PARTNER', 'Un compagno scelto ha già raggiunto il numero massimo di turni prenotabili per la giornata'],
  ])('%s → %s (the spec text, whatever the message)', (code, text) => {
    expect(bookingErrorText(refused(code))).toBe(text);
  });

  it('every refusal it lets speak has its text in the catalogue', () => {
    for (const code of BOOKING_REFUSALS) expect(bookingErrorText(refused(code))).toBe(API_ERRORS[code].text);
  });

  it("a fair-play suspension says the server's text, which names its end (issue 42)", () => {
    const text = 'Le tue prenotazioni sono sospese fino al 31/03/2027 alle 19:10 per assenze non giustificate o annullamenti tardivi.';
    expect(bookingErrorText(refused('BOOKING_SUSPENDED', text))).toBe(text);
  });

  it('never reads the message: another code, no code, a network failure or a non-API error is the generic text', () => {
    const generic = 'Errore durante la prenotazione del turno';
    expect(bookingErrorText(refused('VALIDATION_FAILED', 'User Mario Rossi does not have a valid medical certificate'))).toBe(generic);
    expect(bookingErrorText(new ApiError('This session is already booked', 409, { message: 'This session is already booked' }))).toBe(generic);
    expect(bookingErrorText(new ApiError('already booked', 0, null))).toBe(generic);
    expect(bookingErrorText(new Error('already booked'))).toBe(generic);
  });
});
