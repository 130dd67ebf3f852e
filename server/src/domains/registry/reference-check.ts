import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client';
import { invalidInput } from '../../core/errors';
import { mailing_list_classes, qualifications, reservation_rules } from './tables';

/** The reference lists a payload may point at, the field that names them and what a missing one is called. */
const REFERENCE_LISTS = {
  qualifications: { table: qualifications, missing: 'Qualifica non trovata' },
  reservation_rules: { table: reservation_rules, missing: 'Regola di prenotazione non trovata' },
  mailing_list_classes: { table: mailing_list_classes, missing: 'Classe di mailing list non trovata' },
} as const;

type ReferenceField = keyof typeof REFERENCE_LISTS;

/** Every id a payload names in these fields exists, else 400 naming the field and the id. */
export async function assertReferencesExist<F extends ReferenceField>(
  db: DbOrTx,
  payload: Record<F, readonly string[]>,
  fields: readonly F[],
): Promise<void> {
  for (const field of fields) {
    const ids = [...new Set(payload[field])];
    if (!ids.length) continue;
    const { table, missing: message } = REFERENCE_LISTS[field];
    const found = new Set((await db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id));
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw invalidInput(`${field}: ${message} (${missing})`);
  }
}
