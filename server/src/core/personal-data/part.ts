import type { DbOrTx, Tx } from '../db/client';
import type { CurrentUser, Services } from '../domain';

/**
 * What a domain holds of a member that must be found nowhere once they are anonymised (issue 39): `values` are
 * their personal texts (full name, e-mail, fiscal code, phone, card numbers, certificate notes …), looked for in
 * every audit value and in the mails to others; `records` are ids of rows that are theirs alone (a certificate, a
 * FITET record), whose audit entries are blanked whole.
 */
export interface PersonalTraces {
  values?: readonly (string | null | undefined)[];
  records?: readonly string[];
}

/**
 * A domain's part of a member's personal data (issue 28): what it adds to the member's data download (dati.json) and
 * how it forgets the member when they are anonymised. Core asks every domain's part and imports none.
 */
export interface PersonalDataPart {
  /**
   * This domain's sections of dati.json (e.g. { prenotazioni: [...] }) and the stored files of the member it holds
   * (their ids: the download adds their bytes).
   */
  export(db: DbOrTx, userId: string): Promise<{ sections: Record<string, unknown>; files?: string[] }>;
  /**
   * Inside the anonymisation's one transaction: replaces or deletes this domain's personal values of the member,
   * keeping what the books and the statistics count (bookings, charges, payments, entries). Answers the ids of the
   * stored files whose records it dropped: core deletes their rows in the transaction and their bytes after it.
   */
  anonymize?(tx: Tx, userId: string): Promise<string[] | void>;
  /**
   * What `anonymize` forgets, as the log's anonymisation entry names it (issue 44 item 6): the member's fields it
   * blanks and the records of theirs it deletes, each a key of AUDIT_FIELD_LABELS (never a value).
   */
  forgets?: readonly string[];
  /**
   * Read in the anonymisation's transaction before any domain's step: the member's personal values and records this
   * domain holds (see PersonalTraces), which core redacts from the audit log and the outbox after every step.
   */
  traces?(tx: Tx, userId: string): Promise<PersonalTraces>;
  /**
   * After the anonymisation has committed, through the domain's own services (its public path, with its mails and
   * jobs): e.g. the booking domain cancels the member's future bookings. `actor` is who anonymised.
   */
  afterAnonymize?(services: Services, userId: string, actor: CurrentUser): Promise<void>;
}
