import { useAuthStore } from '../auth/store';
import { holdsAny } from '../contract/constants';

const user = (over = {}) => ({
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Mario',
  surname: 'Rossi',
  email: 'mario@example.it',
  has_accepted_terms: true,
  permissions: ['book_session' as const],
  ...over,
});

describe('permissions', () => {
  test('any one of the required permissions grants access; * grants all; no requirement passes', () => {
    expect(holdsAny(['book_session'], ['registry_access', 'book_session'])).toBe(true);
    expect(holdsAny(['book_session'], ['registry_access'])).toBe(false);
    expect(holdsAny(['*'], ['finance_access'])).toBe(true);
    expect(holdsAny([], undefined)).toBe(true);
    expect(holdsAny([], [])).toBe(true);
  });

  test('a user who has not accepted the terms is kept with an empty permission list', () => {
    useAuthStore.getState().setUser(user({ has_accepted_terms: false }));
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', permissions: [] });
    useAuthStore.getState().setUser(user());
    expect(useAuthStore.getState().permissions).toEqual(['book_session']);
    useAuthStore.getState().setUser(null);
    expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', user: null, permissions: [] });
  });
});

test('a deliberate logout is told apart from an expired session', () => {
  useAuthStore.getState().setUser(user());
  useAuthStore.getState().signOut();
  expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', user: null, permissions: [], signedOut: true });
  useAuthStore.getState().setUser(user());
  expect(useAuthStore.getState().signedOut).toBe(false);
});
