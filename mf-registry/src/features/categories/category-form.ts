import { ASSIGNABLE_PERMISSIONS, type Category, type CategoryPayloadInput, type Permission } from 'shared-api';
import { validateRequired, type MenuOption } from 'shared-ui';

/** Spec 001 §5 Category: selection limits. */
export const CATEGORY_LIMITS = { permissions: 10, reservation_rules: 5, mailing_list_classes: 5 };

/** What each permission opens, so staff can tell them apart (the id stays visible as the description). */
export const PERMISSION_LABELS: Record<Permission, string> = {
  book_session: 'Prenotazione turni',
  registry_access: 'Anagrafica',
  certificates_access: 'Certificati',
  storage_access: 'Magazzino',
  bookings_access: 'Gestione prenotazioni',
  statistics_access: 'Statistiche',
  finance_access: 'Finanza',
  '*': 'Tutti i permessi',
};

/**
 * The six assignable permissions of spec 001 §5; a category that already holds '*' (the administrators')
 * keeps it as an option, otherwise editing it would silently drop every right.
 */
export function permissionOptions(current: string[]): MenuOption[] {
  const ids: Permission[] = [...ASSIGNABLE_PERMISSIONS, ...(current.includes('*') ? (['*'] as const) : [])];
  return ids.map((id) => ({ id, name: PERMISSION_LABELS[id], description: id }));
}

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

export function validateCategoryForm(values: CategoryFormValues): Partial<Record<keyof CategoryFormValues, string>> {
  const name = validateRequired(values.name);
  return name ? { name } : {};
}

export function toCategoryPayload(values: CategoryFormValues): CategoryPayloadInput {
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    permissions: values.permissions.slice(0, CATEGORY_LIMITS.permissions) as Permission[],
    reservation_rules: values.reservation_rules.slice(0, CATEGORY_LIMITS.reservation_rules),
    mailing_list_classes: values.mailing_list_classes.slice(0, CATEGORY_LIMITS.mailing_list_classes),
  };
}
