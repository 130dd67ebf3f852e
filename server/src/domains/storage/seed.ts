import type { Db } from '../../core/db/client';
import { users } from '../registry/tables';
import { storage_item_categories, storage_items, storage_loads, storage_unloads } from './tables';

type DemoMovement =
  | { load: number; date: string; notes?: string }
  | { unload: number; date: string; reason: string }
  | { delivery: number; date: string; to: string };

/** The demo stockroom: three categories, a few items, and the movements their quantities come from. */
const DEMO: { category: string; items: { description: string; movements: DemoMovement[] }[] }[] = [
  {
    category: 'Materiale di gioco',
    items: [
      {
        description: 'Palline 40+ tre stelle (confezione da 6)',
        movements: [
          { load: 20, date: '2026-09-01', notes: 'Fornitura di inizio stagione' },
          { unload: 2, date: '2026-10-15', reason: 'Palline rotte in allenamento' },
        ],
      },
      { description: 'Rete da tavolo con supporti', movements: [{ load: 6, date: '2026-09-01' }] },
    ],
  },
  {
    category: 'Abbigliamento',
    items: [
      {
        description: 'Maglia del circolo taglia M',
        movements: [
          { load: 30, date: '2026-09-10' },
          { delivery: 1, date: '2026-10-01', to: 'marco.rossi@circolo.example' },
        ],
      },
    ],
  },
  { category: 'Gadget', items: [{ description: 'Borraccia del circolo', movements: [{ load: 50, date: '2026-09-20' }] }] },
];

export async function seedStorage(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const memberIds = new Map((await tx.select({ id: users.id, email: users.email }).from(users)).map((u) => [u.email, u.id]));
    for (const { category, items } of DEMO) {
      const [cat] = await tx.insert(storage_item_categories).values({ name: category }).returning({ id: storage_item_categories.id });
      if (!cat) throw new Error('INSERT senza riga restituita');
      for (const { description, movements } of items) {
        // A club seeded with other members simply has no demo delivery.
        const written = movements.filter((m) => !('to' in m) || memberIds.has(m.to));
        const total = written.reduce((sum, m) => sum + ('load' in m ? m.load : 0), 0);
        const current = written.reduce((sum, m) => sum + ('load' in m ? m.load : 'unload' in m ? -m.unload : -m.delivery), 0);
        const [item] = await tx
          .insert(storage_items)
          .values({ description, category_id: cat.id, total_quantity: total, current_quantity: current })
          .returning({ id: storage_items.id });
        if (!item) throw new Error('INSERT senza riga restituita');
        for (const m of written) {
          if ('load' in m) await tx.insert(storage_loads).values({ item_id: item.id, quantity: m.load, date: m.date, notes: m.notes ?? null });
          else if ('unload' in m)
            await tx.insert(storage_unloads).values({ type: 'UNLOAD', item_id: item.id, quantity: m.unload, start_date: m.date, reason: m.reason });
          else
            await tx
              .insert(storage_unloads)
              .values({ type: 'DELIVERY', item_id: item.id, quantity: m.delivery, start_date: m.date, user_id: memberIds.get(m.to) ?? null });
        }
      }
    }
  });
}
