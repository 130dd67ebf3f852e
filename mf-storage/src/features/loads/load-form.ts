import type { StorageLoad, StorageLoadPayloadInput } from 'shared-api';
import { formatNumber } from 'shared-ui';
import { quantityOf } from '../items/item-form';

/** What the load form's inputs hold. */
export interface LoadFormValues {
  item: string[];
  quantity: string;
  date: string | null;
  notes: string;
}

export function loadToForm(load?: StorageLoad): LoadFormValues {
  return {
    item: load ? [load.item._id] : [],
    quantity: load ? formatNumber(load.quantity) : '',
    date: load?.date ?? null,
    notes: load?.notes ?? '',
  };
}

/** The contract's storageLoadPayload checks the form's values as this payload. */
export function toLoadPayload(values: LoadFormValues): StorageLoadPayloadInput {
  return { item: values.item[0] ?? '', quantity: quantityOf(values.quantity) as number, date: values.date ?? '', notes: values.notes };
}
