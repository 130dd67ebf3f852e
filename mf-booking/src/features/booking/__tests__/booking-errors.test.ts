import { ApiError } from 'shared-api';
import { bookingErrorText } from '../booking-errors';

const refused = (message: string, status = 409) => new ApiError(message, status, { code: 'VALIDATION_FAILED', message });

describe('booking refusals', () => {
  it.each([
    ['User Mario Rossi has no available booking shifts this week', 'Non hai turni a disposizione per prenotare in questa settimana'],
    ['Partner Lucia Bianchi has no available booking shifts', 'Un compagno scelto non può prenotare turni in questo momento'],
    ['no available booking shifts', 'Turno non disponibile'],
    ['This session is already booked', 'Questo turno è già stato prenotato'],
    ['Booking is not allowed for this session', 'Questo turno non può essere prenotato'],
    ['User Mario Rossi does not have a valid medical certificate', 'Non puoi prenotare turni senza un certificato medico valido'],
    ['Partner Lucia Bianchi does not have a valid medical certificate', 'Un compagno scelto non ha un certificato medico valido'],
    ['Partner not found', 'Un compagno scelto non è stato trovato'],
    ['Cannot book a session in the past or outside the active booking week', 'Non puoi prenotare un turno fuori dalla settimana attualmente attiva'],
    ['User Mario Rossi does not have the required qualifications', 'Non hai le qualifiche necessarie per prenotare questo turno'],
    [
      'Partner Lucia Bianchi does not have the required qualifications',
      'Un compagno scelto non ha le qualifiche necessarie per prenotare questo turno',
    ],
    ['User Mario Rossi has an overlapping booking', 'Hai già prenotato un turno in questo orario'],
    ['Partner Lucia Bianchi has an overlapping booking', 'Un compagno scelto ha già un turno prenotato in questo orario'],
    ['User Mario Rossi reached the daily maximum of bookings', 'Hai già raggiunto il numero massimo di turni prenotabili per la giornata'],
    [
      'Partner Lucia Bianchi reached the daily maximum of bookings',
      'Un compagno scelto ha già raggiunto il numero massimo di turni prenotabili per la giornata',
    ],
    ['User Mario Rossi already has a booking at this time', 'Hai già prenotato un turno in questo orario'],
    [
      'Partner Lucia Bianchi has reached the maximum number of bookings for the day',
      'Un compagno scelto ha già raggiunto il numero massimo di turni prenotabili per la giornata',
    ],
    ['Something unexpected', 'Errore durante la prenotazione del turno'],
  ])('%s → %s', (message, text) => {
    expect(bookingErrorText(refused(message))).toBe(text);
  });

  it('a network failure or a non-API error is the generic text', () => {
    expect(bookingErrorText(new ApiError('already booked', 0, null))).toBe('Errore durante la prenotazione del turno');
    expect(bookingErrorText(new Error('already booked'))).toBe('Errore durante la prenotazione del turno');
  });
});

describe('booking refusals by code', () => {
  it('the contract code decides when present, whatever the message says', () => {
    const byCode = (code: string) => new ApiError('whatever', 409, { code, message: 'whatever' });
    expect(bookingErrorText(byCode('WEEKLY_LIMIT_PARTNER'))).toBe('Un compagno scelto non può prenotare turni in questo momento');
    expect(bookingErrorText(byCode('DAILY_LIMIT_USER'))).toBe('Hai già raggiunto il numero massimo di turni prenotabili per la giornata');
    expect(bookingErrorText(byCode('SESSION_ALREADY_BOOKED'))).toBe('Questo turno è già stato prenotato');
    expect(bookingErrorText(byCode('MEDICAL_CERTIFICATE_INVALID_USER'))).toBe('Non puoi prenotare turni senza un certificato medico valido');
  });
});
