import { ENTRY_DATE_MAX_DAYS_AHEAD, PAYMENT_DATE_MAX_DAYS_AHEAD } from './finance-constants';
import { SESSION_MAX_YEARS_AHEAD } from './session-dates';

/**
 * Every error the API answers, by stable code: the HTTP status and the Italian text the portal shows.
 * Zod-free, so the front ends read it at run time through 'shared-api'. The server answers
 * `{ code, message }`; where the spec makes the client match a server phrase (e.g. 'Invalid or expired token',
 * 'User with this email already exists') the server's `message` keeps that phrase, while the client decides
 * by `code` and shows `text`.
 *
 * Domains add their codes here, grouped under a comment with the domain's name.
 */
export const API_ERRORS = {
  // Framework and request shape
  VALIDATION_FAILED: { status: 400, text: 'Dati non validi.' },
  INVALID_JSON: { status: 400, text: 'Il corpo della richiesta non è un JSON valido' },
  BODY_TOO_LARGE: { status: 413, text: 'La richiesta è troppo grande' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, text: 'Tipo di contenuto non supportato' },
  NOT_FOUND: { status: 404, text: 'Risorsa non trovata.' },
  CONFLICT: { status: 409, text: 'Esiste già un elemento con questi dati.' },
  REFERENCED: { status: 409, text: 'Operazione non consentita: esistono dati collegati.' },
  INTERNAL: { status: 500, text: 'Si è verificato un errore interno del server.' },
  // Access
  UNAUTHENTICATED: { status: 401, text: "Devi effettuare l'accesso per continuare." },
  FORBIDDEN: { status: 403, text: 'Non hai i permessi per questa operazione.' },
  PERMISSION_NOT_HELD: { status: 403, text: 'Non puoi concedere un permesso che non possiedi.' },
  ADMINISTRATOR_PROTECTED: {
    status: 403,
    text: 'Solo chi ha tutti i permessi può modificare, disattivare o eliminare un amministratore o la sua categoria.',
  },
  TERMS_NOT_ACCEPTED: { status: 403, text: 'Devi accettare i termini e le condizioni per continuare.' },
  // Auth (shell)
  LOGIN_FAILED: { status: 401, text: 'Email o password non corretti.' },
  ACCOUNT_DEACTIVATED: { status: 403, text: 'Il tuo account è disattivato. Per informazioni contatta la segreteria del circolo.' },
  TOO_MANY_LOGIN_ATTEMPTS: { status: 429, text: 'Troppi tentativi di accesso non riusciti. Riprova tra 15 minuti.' },
  TOO_MANY_RESET_REQUESTS: { status: 429, text: "Troppe richieste di reimpostazione della password. Riprova tra un'ora." },
  INVALID_TOKEN: { status: 400, text: 'Token non valido o scaduto, riprova a richiedere il reset della password' },
  /** An invitation link followed again after its registration was completed. */
  INVITATION_ALREADY_USED: {
    status: 409,
    text: "Questo invito è già stato usato: la registrazione è completata. Accedi con la tua email e la password scelta; se non la ricordi, usa 'Password dimenticata?'.",
  },
  /** Too many failed sign-ins on one account from any address: a delay that grows, never a permanent lock. */
  LOGIN_DELAYED: { status: 429, text: 'Troppi tentativi di accesso non riusciti per questo account. Riprova tra qualche minuto.' },
  /** Changing the password or the e-mail needs the current password confirmed in the last few minutes. */
  REAUTH_REQUIRED: { status: 403, text: 'Per continuare conferma la tua password attuale.' },
  /** A state-changing request sent by a page of another site (CSRF). */
  CROSS_SITE_REQUEST: { status: 403, text: 'Richiesta rifiutata: proviene da un altro sito.' },
  // Files
  FILE_TOO_LARGE: { status: 400, text: 'Il file supera la dimensione massima consentita.' },
  FILE_TYPE_NOT_ALLOWED: { status: 400, text: 'Tipo di file non accettato.' },
  TOO_MANY_FILES: { status: 400, text: 'Puoi caricare al massimo 1 file' },
  // Registry: users and categories
  USER_NOT_FOUND: { status: 404, text: 'Utente non trovato' },
  EMAIL_TAKEN: { status: 409, text: 'Un utente con questa email esiste già' },
  FISCAL_CODE_INVALID: { status: 400, text: 'Codice fiscale non valido' },
  SELF_DELETE: { status: 400, text: 'Non puoi eliminare il tuo account.' },
  SELF_DEACTIVATE: { status: 400, text: 'Non puoi disattivare il tuo account.' },
  SELF_ANONYMIZE: { status: 400, text: 'Non puoi anonimizzare il tuo account.' },
  ANONYMIZED_USER: { status: 409, text: 'Questo socio è stato anonimizzato: il suo account non può essere riattivato.' },
  DEACTIVATION_END_IN_PAST: { status: 400, text: 'La data di fine disattivazione non può essere nel passato' },
  CATEGORY_NOT_FOUND: { status: 404, text: 'Categoria non trovata' },
  CATEGORY_NAME_TAKEN: { status: 409, text: 'Esiste già una categoria con questo nome' },
  CATEGORY_IN_USE: { status: 409, text: 'Impossibile eliminare la categoria: ci sono utenti associati.' },
  QUALIFICATION_NOT_FOUND: { status: 404, text: 'Qualifica non trovata' },
  QUALIFICATION_NAME_TAKEN: { status: 409, text: 'Esiste già una qualifica con questo nome' },
  QUALIFICATION_IN_USE: { status: 409, text: 'Impossibile eliminare la qualifica: è ancora assegnata.' },
  QUALIFICATION_REQUIRED_BY_SESSIONS: { status: 409, text: 'Impossibile eliminare la qualifica: è richiesta da turni di allenamento.' },
  RESERVATION_RULE_NOT_FOUND: { status: 404, text: 'Regola di prenotazione non trovata' },
  RESERVATION_RULE_IN_USE: { status: 409, text: 'Impossibile eliminare la regola di prenotazione: è ancora assegnata.' },
  MAILING_LIST_CLASS_NOT_FOUND: { status: 404, text: 'Classe di mailing list non trovata' },
  MAILING_LIST_CLASS_IN_USE: { status: 409, text: 'Impossibile eliminare la classe di mailing list: è ancora assegnata.' },
  /** 'Invia email' to lists that reach no active member: nothing is sent, and the form says so (issue 44 item 8). */
  MAILING_NO_RECIPIENTS: { status: 409, text: 'Nessuna email inviata: le mailing list scelte non raggiungono nessun utente attivo.' },
  FITET_FILE_INVALID: { status: 400, text: 'Il file FITET non è valido.' },
  FITET_RECORD_NOT_FOUND: { status: 404, text: 'Dato FITET non trovato' },
  TRAINING_GROUP_NOT_FOUND: { status: 404, text: 'Gruppo di allenamento non trovato' },
  TRAINING_GROUP_HAS_ENROLLMENTS: { status: 409, text: 'Impossibile eliminare il gruppo di allenamento, ha ancora partecipanti iscritti' },
  TRAINING_GROUP_FULL: { status: 409, text: 'Il gruppo di allenamento ha già raggiunto il numero massimo di partecipanti' },
  ALREADY_ENROLLED: { status: 409, text: "L'utente è già iscritto a questo gruppo di allenamento" },
  ENROLLMENT_NOT_FOUND: { status: 404, text: 'Iscrizione non trovata' },
  // Certificates
  CERTIFICATE_TYPE_NOT_FOUND: { status: 404, text: 'Tipologia di certificato non trovata' },
  CERTIFICATE_TYPE_NAME_TAKEN: { status: 409, text: 'Esiste già una tipologia di certificato con questo nome' },
  CERTIFICATE_TYPE_IN_USE: { status: 409, text: 'Impossibile eliminare la tipologia: ci sono certificati di questo tipo.' },
  CERTIFICATE_NOT_FOUND: { status: 404, text: 'Certificato non trovato' },
  CERTIFICATE_EXISTS: { status: 409, text: "L'utente ha già un certificato di questa tipologia" },
  CERTIFICATE_RECORD_NOT_FOUND: { status: 404, text: 'Caricamento del certificato non trovato' },
  NO_RECORDS_TO_UPDATE: {
    status: 404,
    text: 'Non sono stati trovati record per aggiornare la data di scadenza. Assicurati di aver caricato un record',
  },
  MEDICAL_CERTIFICATE_NOT_FOUND: { status: 404, text: 'Non è stato trovato alcun certificato medico attivo per questo utente.' },
  MEDICAL_CERTIFICATE_PENDING: { status: 409, text: 'Il certificato caricato è in attesa di approvazione' },
  NO_MEDICAL_CERTIFICATE_TYPE: { status: 409, text: 'Nessuna tipologia di certificato medico è configurata: contatta la segreteria.' },
  FILE_MISSING: { status: 400, text: 'Impossibile caricare il certificato: file mancante.' },
  /** Approving, or setting the expiry of, one's own certificate: another member of the staff does it. */
  CERTIFICATE_OWN_RECORD: {
    status: 403,
    text: 'Non puoi approvare né modificare un tuo certificato: deve farlo un altro responsabile dei certificati.',
  },
  CERTIFICATE_END_DATE_REQUIRED: { status: 400, text: 'Per approvare un certificato medico indica la data di scadenza.' },
  CERTIFICATE_END_DATE_TOO_FAR: { status: 400, text: 'La data di scadenza supera la validità della tipologia di certificato.' },
  /** An expiry before today would make the certificate expired the moment it is approved (issue 26). */
  CERTIFICATE_END_DATE_PAST: { status: 400, text: 'La data di scadenza è già passata: il certificato risulterebbe subito scaduto.' },
  // Booking: game tables, training sessions, bookings (spec 000 §8: 'User' = the booker, 'Partner' = a chosen partner)
  GAME_TABLE_NOT_FOUND: { status: 404, text: 'Tavolo non trovato' },
  GAME_TABLE_NUMBER_TAKEN: { status: 409, text: 'Esiste già un tavolo con questo numero' },
  GAME_TABLE_IN_USE: { status: 409, text: 'Impossibile eliminare il tavolo: ci sono turni di allenamento su questo tavolo.' },
  TRAINING_SESSION_NOT_FOUND: { status: 404, text: 'Turno di allenamento non trovato' },
  TRAINING_SESSION_GROUP_NOT_FOUND: { status: 404, text: 'Gruppo di turni non trovato' },
  SESSION_NOT_ON_DATE: { status: 400, text: 'Il turno non si svolge in questa data' },
  /** A new session (or a new group's last day) before today: nobody could ever book it (issue 26). */
  SESSION_DATE_PAST: { status: 400, text: 'Non puoi creare turni in una data passata.' },
  SESSION_TIME_MISSING: { status: 400, text: "L'orario scelto non esiste quel giorno (passaggio all'ora legale): scegline un altro." },
  /** A new session's day (or a group's last day) more than SESSION_MAX_YEARS_AHEAD years after today: a typing slip. */
  SESSION_DATE_TOO_FAR: { status: 400, text: `Non puoi creare turni a più di ${SESSION_MAX_YEARS_AHEAD} anni da oggi.` },
  /** A session placed on a table at a time another session there already takes (a copy left on its day, a second '+ TS'). */
  SESSION_OVERLAP: {
    status: 409,
    text: "Sul tavolo c'è già un turno in questo orario: scegli un altro giorno, un altro orario o un altro tavolo.",
  },
  SESSION_HAS_BOOKING: { status: 409, text: 'Il turno ha una prenotazione: cancellala prima di modificarlo o eliminarlo.' },
  SESSION_ALREADY_BOOKED: { status: 409, text: 'Questo turno è già stato prenotato' },
  BOOKING_NOT_ALLOWED: { status: 409, text: 'Questo turno non può essere prenotato' },
  BOOKING_CONTENDED: { status: 409, text: 'Troppe prenotazioni contemporanee per gli stessi partecipanti: riprova tra un istante.' },
  BOOKING_OUTSIDE_ACTIVE_WEEK: { status: 409, text: 'Non puoi prenotare un turno fuori dalla settimana attualmente attiva' },
  /** The occurrence has started (or ended): no one books it any more (issue 26; the message keeps the spec's 'Cannot book a session in the past'). */
  SESSION_STARTED: { status: 409, text: 'Questo turno è già iniziato: non si può più prenotare' },
  PARTNER_NOT_FOUND: { status: 404, text: 'Un compagno scelto non è stato trovato' },
  MEDICAL_CERTIFICATE_INVALID_USER: { status: 409, text: 'Non puoi prenotare turni senza un certificato medico valido' },
  MEDICAL_CERTIFICATE_INVALID_PARTNER: { status: 409, text: 'Un compagno scelto non ha un certificato medico valido' },
  QUALIFICATION_MISSING_USER: { status: 409, text: 'Non hai le qualifiche necessarie per prenotare questo turno' },
  QUALIFICATION_MISSING_PARTNER: { status: 409, text: 'Un compagno scelto non ha le qualifiche necessarie per prenotare questo turno' },
  OVERLAPPING_BOOKING_USER: { status: 409, text: 'Hai già prenotato un turno in questo orario' },
  OVERLAPPING_BOOKING_PARTNER: { status: 409, text: 'Un compagno scelto ha già un turno prenotato in questo orario' },
  DAILY_LIMIT_USER: { status: 409, text: 'Hai già raggiunto il numero massimo di turni prenotabili per la giornata' },
  DAILY_LIMIT_PARTNER: { status: 409, text: 'Un compagno scelto ha già raggiunto il numero massimo di turni prenotabili per la giornata' },
  WEEKLY_LIMIT_USER: { status: 409, text: 'Non hai turni a disposizione per prenotare in questa settimana' },
  WEEKLY_LIMIT_PARTNER: { status: 409, text: 'Un compagno scelto non può prenotare turni in questo momento' },
  BOOKING_NOT_FOUND: { status: 404, text: 'Prenotazione non trovata' },
  BOOKING_CANCEL_TOO_LATE: { status: 409, text: 'Non è più possibile annullare questa prenotazione: il turno inizia a breve.' },
  /** Leaving a booking someone else made, once it has ended. */
  BOOKING_ENDED: { status: 409, text: 'Il turno è già concluso: la prenotazione non si può più lasciare.' },
  /** GET /training-session/export: the range asked ends before it starts. */
  SESSIONS_EXPORT_END_BEFORE_START: { status: 400, text: 'Impossibile scaricare i turni: la data di fine non può precedere la data di inizio.' },
  /** GET /training-session/export: more than TRAINING_SESSIONS_EXPORT_MAX_DAYS days asked. */
  SESSIONS_EXPORT_RANGE_TOO_WIDE: { status: 400, text: 'Impossibile scaricare i turni: il periodo può coprire al massimo 366 giorni.' },
  // Booking, issue 27: the calendar feed
  /** An unknown or regenerated calendar feed address. */
  CALENDAR_FEED_NOT_FOUND: { status: 404, text: 'Indirizzo del calendario non valido o rigenerato.' },
  CALENDAR_FEED_RATE_LIMITED: { status: 429, text: 'Troppe richieste per questo calendario: riprova tra qualche minuto.' },
  // Booking, issue 27: the waitlist
  WAITLIST_OCCURRENCE_FREE: { status: 409, text: 'Questo turno è libero: puoi prenotarlo subito.' },
  WAITLIST_ALREADY_BOOKED: { status: 409, text: 'Sei già prenotato a questo turno.' },
  WAITLIST_FULL: { status: 409, text: "La lista d'attesa di questo turno è piena: al massimo 25 persone." },
  WAITLIST_ENTRY_NOT_FOUND: { status: 404, text: "Non sei nella lista d'attesa di questo turno." },
  // Booking, issue 42: check-in at the table and the fair-play record
  BOOKING_SUSPENDED: {
    status: 409,
    text: 'Le prenotazioni sono sospese per assenze non giustificate o annullamenti tardivi: rivolgiti alla segreteria.',
  },
  FAIR_PLAY_NOT_SUSPENDED: { status: 409, text: 'Questo utente non ha una sospensione delle prenotazioni da revocare.' },
  CHECK_IN_LINK_INVALID: {
    status: 404,
    text: 'Questo codice del tavolo non è valido o è stato rigenerato: inquadra il codice QR affisso al tavolo o chiedi alla segreteria.',
  },
  CHECK_IN_NO_BOOKING: {
    status: 409,
    text: 'Non hai una prenotazione su questo tavolo in questo orario: controlla il numero del tavolo in "I miei turni prenotati".',
  },
  CHECK_IN_TOO_EARLY: { status: 409, text: 'È ancora presto per registrare la presenza: riprova poco prima dell’inizio del turno.' },
  CHECK_IN_CLOSED: {
    status: 409,
    text: 'La registrazione della presenza per questo turno è chiusa: se sei al tavolo, rivolgiti alla segreteria.',
  },
  CHECK_IN_NOT_ENABLED: {
    status: 409,
    text: 'Questo tavolo non ha ancora il codice per la registrazione delle presenze: generalo da Gestione tavoli.',
  },
  // Finance (spec 002 §8; the server's message keeps the phrases the spec matches: docs/decisions.md, "Errors: a stable code, decided by code")
  ACCOUNT_NOT_FOUND: { status: 404, text: 'Conto non trovato' },
  ACCOUNT_CODE_TAKEN: { status: 409, text: 'Il codice inserito è già stato utilizzato' },
  ACCOUNT_IN_USE: { status: 409, text: 'Impossibile eliminare il conto: ha dei sottoconti.' },
  PARENT_ACCOUNT_NOT_FOUND: { status: 400, text: 'Il conto padre indicato non esiste' },
  SUBACCOUNT_NOT_FOUND: { status: 404, text: 'Sottoconto non trovato' },
  SUBACCOUNT_CODE_TAKEN: { status: 409, text: 'Il codice inserito è già stato utilizzato' },
  SUBACCOUNT_IN_USE: { status: 409, text: 'Impossibile eliminare il sottoconto: è ancora usato.' },
  SUBACCOUNT_WRONG_LEDGER: {
    status: 400,
    text: 'I sottoconti economici devono appartenere a conti Ricavi o Costi, quelli patrimoniali a conti Patrimoniale attivo o passivo',
  },
  INCOME_CATEGORY_NOT_FOUND: { status: 404, text: 'Categoria di entrata non trovata' },
  INCOME_CATEGORY_IN_USE: { status: 409, text: 'Impossibile eliminare la categoria di entrata: è ancora usata.' },
  MEMBER_CHARGE_NOT_FOUND: { status: 404, text: 'Incasso socio non trovato: potrebbe essere stato eliminato' },
  MEMBER_CHARGE_HAS_PAYMENTS: { status: 409, text: "Impossibile eliminare l'incasso socio: ha dei pagamenti registrati." },
  MEMBER_CHARGE_BELOW_PAID: { status: 400, text: "L'importo dovuto non può essere inferiore a quanto già pagato" },
  MEMBER_CHARGE_CATEGORY_LOCKED: {
    status: 409,
    text: "Impossibile cambiare la categoria di entrata: l'incasso ha dei pagamenti già registrati in contabilità.",
  },
  MEMBER_CHARGE_USER_LOCKED: { status: 409, text: "Impossibile cambiare il socio: l'incasso ha dei pagamenti già registrati." },
  PAYMENT_NOT_FOUND: { status: 404, text: 'Pagamento non trovato' },
  PAYMENT_EXCEEDS_REMAINING: { status: 400, text: "L'importo del pagamento supera quanto resta da pagare" },
  PAYMENT_DATE_TOO_FAR: { status: 400, text: `La data del pagamento è troppo avanti: al massimo ${PAYMENT_DATE_MAX_DAYS_AHEAD} giorni da oggi.` },
  NO_INCOME_CATEGORY: { status: 400, text: "Per aggiungere un pagamento, è necessario che l'incasso socio abbia una categoria di entrata associata" },
  NO_CASH_SUBACCOUNT: {
    status: 400,
    text: 'Per registrare un pagamento in contanti, la categoria di entrata deve avere almeno un sottoconto di cassa',
  },
  NO_BANK_SUBACCOUNT: {
    status: 400,
    text: 'Per registrare un pagamento con banca, la categoria di entrata deve avere almeno un sottoconto bancario valido',
  },
  BUSINESS_ENTITY_NOT_FOUND: { status: 404, text: 'Entità commerciale non trovata' },
  BUSINESS_ENTITY_IN_USE: { status: 409, text: "Impossibile eliminare l'entità commerciale: è usata da voci contabili." },
  SELF_CERTIFICATION_NOT_FOUND: { status: 404, text: 'Autocertificazione non trovata' },
  ACCOUNTING_ENTRY_NOT_FOUND: { status: 404, text: 'Voce contabile non trovata' },
  ENTRY_DATE_TOO_FAR: {
    status: 400,
    text: `La data di registrazione è troppo avanti: al massimo ${ENTRY_DATE_MAX_DAYS_AHEAD} giorni da oggi.`,
  },
  PROGRESSIVE_TAKEN: { status: 409, text: "Il numero progressivo è già usato in quest'anno fiscale" },
  ENTRY_POSTED_BY_PAYMENT: {
    status: 409,
    text: 'Questa voce contabile è stata registrata da un pagamento: modificala o eliminala dal pagamento in Incasso soci.',
  },
  NO_PAYMENT_SUBACCOUNT: {
    status: 400,
    text: 'Per registrare il movimento serve un tipo di pagamento a cui corrisponda un sottoconto patrimoniale di cassa o di banca',
  },
  ATTACHMENT_NOT_FOUND: { status: 404, text: 'Allegato non trovato' },
  // Storage
  STORAGE_CATEGORY_NOT_FOUND: { status: 404, text: 'Categoria di articoli non trovata' },
  STORAGE_CATEGORY_NAME_TAKEN: { status: 409, text: 'Esiste già una categoria di articoli con questo nome' },
  STORAGE_CATEGORY_IN_USE: { status: 409, text: 'Impossibile eliminare la categoria: ci sono articoli associati.' },
  STORAGE_ITEM_NOT_FOUND: { status: 404, text: 'Articolo non trovato' },
  STORAGE_ITEM_IN_USE: { status: 409, text: "Impossibile eliminare l'articolo: ci sono movimenti di magazzino associati." },
  STORAGE_LOAD_NOT_FOUND: { status: 404, text: 'Carico non trovato' },
  STORAGE_UNLOAD_NOT_FOUND: { status: 404, text: 'Scarico non trovato' },
  /** A movement that would leave an item with less than zero in stock (or undo more than is left). */
  STORAGE_NOT_ENOUGH_STOCK: { status: 409, text: 'Quantità non disponibile in magazzino.' },
  // Audit log (issue 38)
  /** GET /audit/export?format=pdf: more entries than AUDIT_PDF_MAX_ROWS asked (CSV and XLSX have no cap: they stream). */
  AUDIT_PDF_TOO_MANY_ROWS: {
    status: 400,
    text: 'Il PDF del registro attività può contenere al massimo 5.000 righe: restringi il periodo (Dal/Al) o i filtri, oppure scarica in CSV o XLSX.',
  },
  // Platform: releases of the domain apps
  RELEASE_REFUSED: { status: 422, text: 'La release non può andare in linea: vedi i motivi elencati.' },
  NO_PREVIOUS_RELEASE: { status: 409, text: 'Non esiste una release precedente a cui tornare.' },
  DEV_OVERRIDE_OFF: { status: 409, text: 'Le build locali non sono abilitate su questo portale (DEV_OVERRIDE_ORIGINS).' },
  /** POST /platform/versions: that version of that app is already in the releases root (versions are immutable). */
  VERSION_ALREADY_PUBLISHED: { status: 409, text: 'Questa versione è già pubblicata: una versione pubblicata non si sovrascrive.' },
  /** POST /platform/versions: the archive is not a .tar.gz of a domain app's build, or holds what may not be extracted. */
  RELEASE_ARCHIVE_INVALID: { status: 400, text: "L'archivio non è una build valida di un'app di dominio (.tar.gz)." },
  /** POST /platform/client-errors: this session sent more reports than the window allows. */
  CLIENT_ERRORS_RATE_LIMITED: { status: 429, text: 'Troppe segnalazioni di errore da questa sessione. Riprova più tardi.' },
  RELEASE_NOT_FOUND: { status: 404, text: 'Release non trovata' },
  /** Promote or withdraw of a release that is not the preview (any more). */
  NOT_THE_PREVIEW: { status: 409, text: 'Questa release non è (più) quella in anteprima.' },
  NOT_A_ROLLOUT: { status: 409, text: 'Questa release non è in distribuzione progressiva.' },
  /** A preview composed while another is out: promote or withdraw that one first. */
  PREVIEW_ALREADY_OUT: { status: 409, text: "C'è già una release in anteprima: mettila in linea per tutti o ritirala prima." },
} as const satisfies Record<string, { status: number; text: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

export const isApiErrorCode = (code: unknown): code is ApiErrorCode => typeof code === 'string' && code in API_ERRORS;
