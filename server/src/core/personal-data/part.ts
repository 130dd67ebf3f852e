import type { DbOrTx, Tx } from '../db/client';

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
}
