import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

type UserEventApi = ReturnType<typeof userEvent.setup>;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelled = (label: string) => new RegExp(`^${escape(label)}( \\(obbligatorio\\))?$`);

export const field = (label: string) => screen.getByLabelText(labelled(label));
export const menu = (label: string) => screen.getByRole('combobox', { name: labelled(label) });

/** Picks an option of a menu, opening it unless a multiple choice left it open. */
export async function choose(user: UserEventApi, label: string, option: string) {
  if (menu(label).getAttribute('aria-expanded') !== 'true') await user.click(menu(label));
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${escape(option)}`) }));
}

export async function typeInto(user: UserEventApi, label: string, text: string) {
  const input = field(label);
  await user.clear(input);
  await user.type(input, text);
}
