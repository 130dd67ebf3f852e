/**
 * The audit log's vocabulary (issue 28), zod-free so the front ends read it at run time through 'shared-api'.
 */

/**
 * What was done: a record's create, edit or delete (a category's permissions are an edit of its `permissions`), or
 * the named action of the route that changed it. The security events are entries of their own (issue 38): a password
 * set from an invitation, changed by its owner or reset through an e-mailed link (the field named, never its value), a
 * refused sign-in, a sign-out, a member's data downloaded by the staff, the log itself downloaded.
 */
export const AUDIT_ACTIONS = [
  'create',
  'edit',
  'delete',
  'activate',
  'deactivate',
  'approve',
  'book',
  'cancel',
  'payment',
  'entry',
  'import',
  'mail-send',
  'release',
  'sign-in',
  'anonymize',
  'password-set',
  'password-change',
  'password-reset',
  'sign-in-refused',
  'sign-out',
  'personal-data-export',
  'audit-export',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Creazione',
  edit: 'Modifica',
  delete: 'Eliminazione',
  activate: 'Attivazione',
  deactivate: 'Disattivazione',
  approve: 'Approvazione',
  book: 'Prenotazione',
  cancel: 'Cancellazione prenotazione',
  payment: 'Pagamento',
  entry: 'Registrazione contabile',
  import: 'Importazione',
  'mail-send': 'Invio email',
  release: 'Rilascio',
  'sign-in': 'Accesso',
  anonymize: 'Anonimizzazione',
  'password-set': "Password impostata dall'invito",
  'password-change': 'Password cambiata',
  'password-reset': 'Password reimpostata dal link',
  'sign-in-refused': 'Accesso rifiutato',
  'sign-out': 'Uscita',
  'personal-data-export': 'Download dei dati personali',
  'audit-export': 'Download del registro attività',
};

/**
 * The records the log names (their tables), with the Italian name the page shows; a record not listed shows its
 * table's name.
 */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  users: 'Utenti',
  categories: 'Categorie',
  qualifications: 'Qualifiche',
  user_qualifications: 'Qualifiche degli utenti',
  reservation_rules: 'Regole di prenotazione',
  mailing_list_classes: 'Mailing list',
  emails: 'Invii email',
  training_groups: 'Gruppi di allenamento',
  training_group_enrollments: 'Iscrizioni ai gruppi',
  fitet_records: 'Dati FITET',
  files: 'File',
  certificate_types: 'Tipologie di certificato',
  certificates: 'Certificati',
  certificate_records: 'Caricamenti dei certificati',
  game_tables: 'Tavoli',
  training_sessions: 'Sessioni di allenamento',
  training_session_groups: 'Gruppi di sessioni',
  bookings: 'Prenotazioni',
  booking_participants: 'Partecipanti alle prenotazioni',
  booking_waitlist: "Liste d'attesa",
  finance_member_charges: 'Addebiti ai soci',
  finance_member_payments: 'Pagamenti dei soci',
  finance_accounting_entries: 'Movimenti contabili',
  finance_accounts: 'Conti',
  finance_subaccounts: 'Sottoconti',
  finance_income_categories: 'Categorie di entrata',
  finance_business_entities: 'Clienti e fornitori',
  finance_self_certifications: 'Autocertificazioni',
  storage_items: 'Articoli di magazzino',
  storage_item_categories: 'Categorie di magazzino',
  storage_loads: 'Carichi',
  storage_unloads: 'Scarichi',
  platform_releases: 'Rilasci',
  audit_log: 'Registro attività',
  // Issue 44 item 6: every record the log files, so the filter lists them all (a rule's unlock times were not).
  reservation_rule_unlock_times: 'Orari di sblocco delle regole',
  category_reservation_rules: 'Regole delle categorie',
  qualification_reservation_rules: 'Regole delle qualifiche',
  user_reservation_rules: 'Regole degli utenti',
  training_session_exceptions: 'Eccezioni delle sessioni',
  training_session_qualifications: 'Qualifiche delle sessioni',
  booking_reminders: 'Promemoria dei turni',
  member_preferences: 'Preferenze dei soci',
  calendar_feeds: 'Calendari in abbonamento',
  mailing_list_opt_outs: 'Rinunce alle mailing list',
  user_mailing_list_classes: 'Mailing list degli utenti',
  category_mailing_list_classes: 'Mailing list delle categorie',
  qualification_mailing_list_classes: 'Mailing list delle qualifiche',
};

/**
 * The fields the log names most, in Italian (lower case, as in a sentence: 'Modifica: telefono'); a field not listed
 * shows its column's name.
 */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  phone_number: 'telefono',
  email: 'email',
  name: 'nome',
  surname: 'cognome',
  fiscal_code: 'codice fiscale',
  birth_date: 'data di nascita',
  birth_place: 'luogo di nascita',
  gender: 'sesso',
  category_id: 'categoria',
  residence_address: 'indirizzo',
  residence_place: 'comune di residenza',
  residence_postal_code: 'CAP',
  deactivation_status: 'stato del profilo',
  terms_accepted_at: 'accettazione dei termini',
  image_file_id: 'foto',
  permissions: 'permessi',
  notes: 'note',
  description: 'descrizione',
  amount: 'importo',
  date: 'data',
  expiration_date: 'scadenza',
  status: 'stato',
  title: 'titolo',
  quantity: 'quantità',
  password: 'password',
  reason: 'motivo',
  format: 'formato',
  filtered: 'con filtri',
  // Bookings, participants, waitlist entries, sessions and rules (issue 44 item 6).
  session_id: 'sessione',
  booking_id: 'prenotazione',
  user_id: 'utente',
  partner_id: 'compagno indicato',
  participant_ids: 'partecipanti',
  booked_by: 'prenotata da',
  start_at: 'inizio',
  end_at: 'fine',
  starts_at: 'inizio',
  cancelled_at: 'annullata il',
  cancelled_by: 'annullata da',
  left_at: 'uscita il',
  active: 'attiva',
  notified_at: 'avvisato il',
  notified_booking_id: 'prenotazione avvisata',
  created_at: 'creato il',
  specific_date: 'giorno',
  start_time: 'ora di inizio',
  duration_minutes: 'durata in minuti',
  color: 'colore',
  is_booking_allowed: 'prenotabile',
  session_not_considered_for_stats: 'esclusa dalle statistiche',
  game_table_id: 'tavolo',
  group_id: 'gruppo di sessioni',
  deleted: 'eliminata',
  start_date: 'data di inizio',
  end_date: 'data di fine',
  week_days: 'giorni della settimana',
  number: 'numero',
  reservation_rule_id: 'regola di prenotazione',
  qualification_id: 'qualifica',
  day: 'giorno',
  hour: 'ora',
  num_shifts: 'numero di turni',
  max_rounds_per_week: 'turni massimi a settimana',
  max_rounds_per_day: 'turni massimi al giorno',
  hours_before_booking_to_ignore_rules: 'ore prima del turno senza limiti',
  hours_before_booking_to_cancel: 'ore prima della cancellazione',
  week_start_day: 'primo giorno della settimana',
  week_end_day: 'ultimo giorno della settimana',
  checked_in_at: 'presenza registrata il',
  checked_in_by: 'presenza registrata da',
  no_show_at: 'non presentato il',
  check_in_since: 'presenze al tavolo dal',
  unlock_times: 'orari di sblocco',
};

/** A field's Italian name for the log's pages. */
export const auditFieldLabel = (field: string): string => AUDIT_FIELD_LABELS[field] ?? field;

export const AUDIT_SORT_KEYS = ['at', 'action', 'entity'] as const;

/** How many entries the member's 'Attività recente' shows. */
export const MY_ACTIVITY_LIMIT = 20;
