import type { StorageUnload, StorageUnloadPayloadInput, StorageUnloadType } from 'shared-api';
import { formatNumber } from 'shared-ui';
import { quantityOf } from '../items/item-form';

/** What the unload form's inputs hold; `type` follows the form's tab (Scarico or Consegna). */
export interface UnloadFormValues {
  type: StorageUnloadType;
  item: string[];
  quantity: string;
  start_date: string | null;
  reason: string;
  user: string[];
  notes: string;
}

export function unloadToForm(unload?: StorageUnload): UnloadFormValues {
  return {
    type: unload?.type ?? 'UNLOAD',
    item: unload ? [unload.item._id] : [],
    quantity: unload ? formatNumber(unload.quantity) : '',
    start_date: unload?.start_date ?? null,
    reason: unload?.reason ?? '',
    user: unload?.user ? [unload.user._id] : [],
    notes: unload?.notes ?? '',
  };
}

/** The contract's storageUnloadPayload checks the form's values as this payload (reason for UNLOAD, user for DELIVERY). */
export function toUnloadPayload(values: UnloadFormValues): StorageUnloadPayloadInput {
  return {
    type: values.type,
    item: values.item[0] ?? '',
    quantity: quantityOf(values.quantity) as number,
    start_date: values.start_date ?? '',
    reason: values.type === 'UNLOAD' ? values.reason : null,
    user: values.type === 'DELIVERY' ? (values.user[0] ?? null) : null,
    notes: values.notes,
  };
}
