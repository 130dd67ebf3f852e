import type { MenuOption } from './types';

/** An entity a menu offers: any record with an id and a name (categories, qualifications, rules, …). */
export interface OptionSource {
  _id: string;
  name: string;
  description?: string | null;
}

/**
 * Menu options of a list of entities, in the order given. With `withDescription` an entity's description
 * becomes the option's sub-line (it is then part of the option's accessible name).
 */
export function toMenuOptions(items: readonly OptionSource[] | undefined, { withDescription = false } = {}): MenuOption[] {
  return (items ?? []).map((item) =>
    withDescription && item.description ? { id: item._id, name: item.name, description: item.description } : { id: item._id, name: item.name },
  );
}
