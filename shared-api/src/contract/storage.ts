import { z } from 'zod';
import { REQUIRED, choice, id, isoDate, lineText, multilineText } from './common';

/** Storage (spec 001 §2 Storage, §3, §5 Storage, §7 Storage): item categories, items and the movements that change them. */

/** Largest quantity of one movement, and of an item's totals as typed in its form. */
export const MAX_MOVEMENT_QUANTITY = 1_000_000;
export const MAX_ITEM_QUANTITY = 1_000_000_000;

export const STORAGE_UNLOAD_TYPES = ['UNLOAD', 'DELIVERY'] as const;
export type StorageUnloadType = (typeof STORAGE_UNLOAD_TYPES)[number];

const name = lineText().min(1, REQUIRED).max(200);

const notes = multilineText()
  .max(2000)
  .nullish()
  .transform((v) => (v ? v : null));

/** The reason of an unload: one line. */
const reason = lineText()
  .max(2000)
  .nullish()
  .transform((v) => (v ? v : null));

/** A whole number from 0 (item quantities) or from 1 (a movement's quantity). */
const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : 'Numero non valido') })
    .int('Valore decimale non consentito')
    .min(min, `Il valore deve essere compreso tra ${min} e ${max}`)
    .max(max, `Il valore deve essere compreso tra ${min} e ${max}`);

/** POST and PATCH /storage/item-category. */
export const storageCategoryPayload = z.object({ name });
export type StorageCategoryPayload = z.infer<typeof storageCategoryPayload>;

export const storageCategory = z.object({ _id: id, name: z.string() });
export type StorageCategory = z.infer<typeof storageCategory>;

/** POST and PATCH /storage/item: the category is a single choice (its id). */
export const storageItemPayload = z
  .object({
    description: name,
    category: id,
    total_quantity: wholeNumber(0, MAX_ITEM_QUANTITY),
    current_quantity: wholeNumber(0, MAX_ITEM_QUANTITY),
  })
  .refine((item) => item.current_quantity <= item.total_quantity, {
    path: ['current_quantity'],
    message: 'La quantità attuale non può superare la quantità totale',
  });
export type StorageItemPayload = z.infer<typeof storageItemPayload>;
export type StorageItemPayloadInput = z.input<typeof storageItemPayload>;

export const storageItem = z.object({
  _id: id,
  description: z.string(),
  category: storageCategory,
  total_quantity: z.number().int(),
  current_quantity: z.number().int(),
});
export type StorageItem = z.infer<typeof storageItem>;

/** The item a movement names, as its lists show it. */
export const storageItemRef = z.object({ _id: id, description: z.string() });
export type StorageItemRef = z.infer<typeof storageItemRef>;

/** POST and PATCH /storage/load: item, quantity and acquisition date required (spec 001 §5 Storage). */
export const storageLoadPayload = z.object({
  item: id,
  quantity: wholeNumber(1, MAX_MOVEMENT_QUANTITY),
  date: isoDate,
  notes,
});
export type StorageLoadPayload = z.infer<typeof storageLoadPayload>;
export type StorageLoadPayloadInput = z.input<typeof storageLoadPayload>;

export const storageLoad = z.object({
  _id: id,
  item: storageItemRef,
  quantity: z.number().int(),
  date: isoDate,
  notes: z.string().nullable(),
});
export type StorageLoad = z.infer<typeof storageLoad>;

/**
 * POST and PATCH /storage/unload: type UNLOAD needs a reason, DELIVERY a user (spec 001 §5 Storage); the field
 * the other type uses is dropped.
 */
export const storageUnloadPayload = z
  .object({
    type: choice(STORAGE_UNLOAD_TYPES),
    item: id,
    quantity: wholeNumber(1, MAX_MOVEMENT_QUANTITY),
    start_date: isoDate,
    reason,
    /** The member of a delivery ('' from a cleared form counts as none). */
    user: z.preprocess((v) => (v === '' ? null : v), id.nullish()).transform((v) => v ?? null),
    notes,
  })
  .superRefine((unload, ctx) => {
    if (unload.type === 'UNLOAD' && !unload.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: REQUIRED });
    if (unload.type === 'DELIVERY' && !unload.user) ctx.addIssue({ code: 'custom', path: ['user'], message: REQUIRED });
  })
  .transform((unload) => ({
    ...unload,
    reason: unload.type === 'UNLOAD' ? unload.reason : null,
    user: unload.type === 'DELIVERY' ? unload.user : null,
  }));
export type StorageUnloadPayload = z.infer<typeof storageUnloadPayload>;
export type StorageUnloadPayloadInput = z.input<typeof storageUnloadPayload>;

export const storageUnload = z.object({
  _id: id,
  type: z.enum(STORAGE_UNLOAD_TYPES),
  item: storageItemRef,
  quantity: z.number().int(),
  start_date: isoDate,
  reason: z.string().nullable(),
  user: z.object({ _id: id, name: z.string(), surname: z.string() }).nullable(),
  notes: z.string().nullable(),
});
export type StorageUnload = z.infer<typeof storageUnload>;
