import type { MenuOption } from './MenuInput';

/** An entity a menu offers: any record with an id and a name (categories, qualifications, rules, …). */
export interface OptionSource {
  _id: string;
  name: string;
  description?: string | null;
}

/** Menu options of a list of entities, in the order given; a description becomes the option's sub-line. */
export function toMenuOptions(items: readonly OptionSource[] | undefined): MenuOption[] {
  return (items ?? []).map((item) => (item.description ? { id: item._id, name: item.name, description: item.description } : { id: item._id, name: item.name }));
}

