import { holdsAny, useAuthStore, type SessionUser } from 'shared-api';
import type { SlotEntries, SlotName, SlotProps } from '../federation/domain-routes';
import type { QueryClient } from '@tanstack/react-query';
import type { RenderResult } from '@testing-library/react';
import { mockApi, type Handlers, type MockApi } from './api-mock';
import { renderWithProviders } from './render';

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
