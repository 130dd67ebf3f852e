import { ASSIGNABLE_PERMISSIONS, PERMISSION_LABELS, type Category, type Permission } from 'shared-api';
import type { MenuOption } from 'shared-ui';

/** Spec 001 §5 Category: selection limits (the contract's categoryPayload checks the same). */
export const CATEGORY_LIMITS = { permissions: 10, reservation_rules: 5, mailing_list_classes: 5 };

/**
 * The six assignable permissions of spec 001 §5, named in Italian with the permission string as sub-line;
 * a category that already holds '*' (the administrators') keeps it as an option, otherwise editing it would
 * silently drop every right.
 */
export function permissionOptions(current: string[]): MenuOption[] {
  const ids: Permission[] = [...ASSIGNABLE_PERMISSIONS, ...(current.includes('*') ? (['*'] as const) : [])];
  return ids.map((id) => ({ id, name: PERMISSION_LABELS[id], description: id }));
}

/** What the form's inputs hold; the contract's categoryPayload validates it and makes the payload of it. */
export interface CategoryFormValues {
  name: string;
  description: string;
  permissions: string[];
  reservation_rules: string[];
  mailing_list_classes: string[];
}

export function categoryToForm(category?: Category): CategoryFormValues {
  return {
    name: category?.name ?? '',
    description: category?.description ?? '',
    permissions: category?.permissions ?? [],
    reservation_rules: category?.reservation_rules.map((r) => r._id) ?? [],
    mailing_list_classes: category?.mailing_list_classes.map((m) => m._id) ?? [],
  };
}
