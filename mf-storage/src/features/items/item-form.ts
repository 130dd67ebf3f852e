import { parseNumber } from 'shared-api';
import type { StorageItem, StorageItemPayloadInput } from 'shared-api';
import { formatNumber } from 'shared-ui';

/** What the item form's inputs hold: the category as a single-choice menu, quantities as typed. */
export interface ItemFormValues {
  description: string;
  category: string[];
  total_quantity: string;
  current_quantity: string;
}

export function itemToForm(item?: StorageItem): ItemFormValues {
  return {
    description: item?.description ?? '',
    category: item ? [item.category._id] : [],
    total_quantity: item ? formatNumber(item.total_quantity) : '',
    current_quantity: item ? formatNumber(item.current_quantity) : '',
  };
}

/** A typed quantity as the payload takes it: empty is missing, a comma decimal stays a decimal (and is refused). */
export const quantityOf = (text: string): number | undefined => parseNumber(text) ?? undefined;

/** The contract's storageItemPayload checks the form's values as this payload. */
export function toItemPayload(values: ItemFormValues): StorageItemPayloadInput {
  return {
    description: values.description,
    category: values.category[0] ?? '',
    total_quantity: quantityOf(values.total_quantity) as number,
    current_quantity: quantityOf(values.current_quantity) as number,
  };
}
