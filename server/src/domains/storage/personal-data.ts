/**
 * The storage domain's part of a member's personal data (issue 28): what the club delivered to them, in dati.json.
 * The deliveries stay when the member is anonymised (the stock's history counts them).
 */
import { eq } from 'drizzle-orm';
import type { PersonalDataPart } from '../../core/domain';
import { storage_items, storage_unloads } from './tables';

export const storagePersonalData: PersonalDataPart = {
  async export(db, userId) {
    const consegne = await db
      .select({
        articolo: storage_items.description,
        quantita: storage_unloads.quantity,
        data: storage_unloads.start_date,
        note: storage_unloads.notes,
      })
      .from(storage_unloads)
      .innerJoin(storage_items, eq(storage_items.id, storage_unloads.item_id))
      .where(eq(storage_unloads.user_id, userId))
      .orderBy(storage_unloads.start_date);
    return { sections: { consegne_magazzino: consegne } };
  },
};
