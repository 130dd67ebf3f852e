import { type AuditNaming, nameText, namedByColumns } from '../../core/audit/names';
import { storage_item_categories, storage_items } from './tables';

/** How the audit log names the stockroom's records (core/audit/names.ts): a category by its name, an item by its description. */
export const storageAuditNames: readonly AuditNaming[] = [
  namedByColumns(storage_item_categories.id, { name: storage_item_categories.name }, (r) => nameText(r.name)),
  namedByColumns(storage_items.id, { description: storage_items.description }, (r) => nameText(r.description)),
];
