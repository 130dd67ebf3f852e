import { holdsAny, useAuthStore, type Profile, type SessionUser } from 'shared-api';
import type { SlotEntries, SlotName, SlotProps } from '../federation/domain-routes';
import type { QueryClient } from '@tanstack/react-query';
import { type RenderResult, screen, within } from '@testing-library/react';
import { HOME_LIST_LIMIT } from '../federation/HomeList';
import { mockApi, type Handlers, type MockApi } from './api-mock';
import { renderWithProviders } from './render';

/** A signed-in user for a slot's test (Giulia Bianchi, no permission unless given). */
export const slotUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  _id: '3f1c2b9e-8a44-4a4e-9d55-1c0a2f3b4d5e',
  name: 'Giulia',
  surname: 'Bianchi',
  email: 'giulia.bianchi@example.it',
  has_accepted_terms: true,
  permissions: [],
  ...overrides,
});

/** What the shell's profile hands the 'profile' slot's cards, for cards that read none of it. */
export const PROFILE_SLOT_PROPS = { profile: {} as Profile, refreshProfile: async () => undefined };

/**
 * Renders a domain app's slot module as the shell's page would (docs/releases.md): the entries `user` may see, in
 * their order, with the API answering from `api`. The shell's own Slot (loading, notices) has its tests in the shell.
 */
export function renderSlot<N extends SlotName>(
  entries: SlotEntries<N>,
  props: SlotProps[N],
  { user, api = {} }: { user: SessionUser; api?: Handlers },
): RenderResult & { queryClient: QueryClient; server: MockApi } {
  useAuthStore.getState().setUser(user);
  const server = mockApi(api);
  const visible = [...entries].filter((e) => holdsAny(user.permissions, e.permissions)).sort((a, b) => a.order - b.order);
  const view = renderWithProviders(
    <>
      {visible.map(({ id, Component }) => (
        <Component key={id} {...props} />
      ))}
    </>,
  );
  return { ...view, server };
}

/** A block of the home slot, by its heading, once it is there (the first render loads a lazy chunk: on a busy machine, seconds). */
export const homeBlock = async (name: string) => within(await screen.findByRole('region', { name }, { timeout: 10_000 }));

/**
 * Waits for a bounded home list (HomeList, issue 44 item 10) and asserts it: never more than HOME_LIST_LIMIT lines;
 * `lines`, each line's text (white space as plain spaces), or `count`, how many; and `link`, the block's one link
 * outside its lines (its text and address: '+ altri N …' when it leaves some out, the page's name when not), or
 * null for none.
 */
export async function expectHomeList(
  block: Awaited<ReturnType<typeof homeBlock>>,
  expected: ({ lines: string[] } | { count: number }) & { link: { name: string; href: string } | null },
): Promise<void> {
  await block.findByRole('list');
  const lines = block.getAllByRole('listitem').map((li) => li.textContent?.replace(/\s/g, ' '));
  expect(lines.length).toBeLessThanOrEqual(HOME_LIST_LIMIT);
  if ('lines' in expected) expect(lines).toEqual(expected.lines);
  else expect(lines).toHaveLength(expected.count);
  const links = block.queryAllByRole('link').filter((link) => !link.closest('li'));
  if (!expected.link) return expect(links).toHaveLength(0);
  expect(block.getByRole('link', { name: expected.link.name })).toHaveAttribute('href', expected.link.href);
  expect(links).toHaveLength(1);
}
