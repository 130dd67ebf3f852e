import type { StorageCategory, StorageItem, StorageLoad, StorageUnload } from 'shared-api';

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const BALLS: StorageCategory = { _id: uuid(1), name: 'Materiale di gioco' };
export const CLOTHES: StorageCategory = { _id: uuid(2), name: 'Abbigliamento' };

export function makeItem(overrides: Partial<StorageItem> = {}): StorageItem {
  return { _id: uuid(10), description: 'Palline 40+', category: BALLS, total_quantity: 20, current_quantity: 18, ...overrides };
}

export const SHIRT = makeItem({ _id: uuid(11), description: 'Maglia taglia M', category: CLOTHES, total_quantity: 30, current_quantity: 3 });

export function makeLoad(overrides: Partial<StorageLoad> = {}): StorageLoad {
  return {
    _id: uuid(20),
    item: { _id: uuid(10), description: 'Palline 40+' },
    quantity: 20,
    date: '2026-09-01',
    notes: 'Inizio stagione',
    ...overrides,
  };
}

export function makeUnload(overrides: Partial<StorageUnload> = {}): StorageUnload {
  return {
    _id: uuid(30),
    type: 'UNLOAD',
    item: { _id: uuid(10), description: 'Palline 40+' },
    quantity: 2,
    start_date: '2026-10-15',
    reason: 'Rotte in allenamento',
    user: null,
    notes: null,
    ...overrides,
  };
}

export const MARCO = { _id: uuid(40), name: 'Marco', surname: 'Rossi', email: 'marco.rossi@circolo.example' };
