import type { ReactNode } from 'react';

/** What a row shows when its column or list gives no render of its own. */
export function valueAt(row: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), row);
}

export function defaultCell(value: unknown): ReactNode {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Sì' : 'No';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return String(value);
  return '';
}

export function defaultRowKey(row: unknown, index: number): string {
  const { _id, id } = (row ?? {}) as { _id?: unknown; id?: unknown };
  const key = _id ?? id;
  return typeof key === 'string' || typeof key === 'number' ? String(key) : String(index);
}
