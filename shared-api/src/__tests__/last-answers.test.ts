import { useAuthStore } from '../auth/store';
import { forgetLastAnswers, keepLastAnswer, keptAnswerOfLastUser, lastAnswer } from '../offline/last-answers';

const NOW = new Date('2026-03-02T10:00:00Z');

const sessionUser = (id: string) => ({
  _id: id,
  name: 'Matteo',
  surname: 'Colombo',
  email: 'matteo.colombo@circolo.example',
  permissions: [],
  has_accepted_terms: true,
});

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null, status: 'loading', permissions: [], signedOut: false, offline: false });
});

test('an answer is read back for the user it was kept for, and for no one else', () => {
  keepLastAnswer('u1', 'my-bookings:future', [{ _id: 'b1' }], NOW);
  expect(lastAnswer('u1', 'my-bookings:future')).toEqual({ savedAt: NOW.toISOString(), value: [{ _id: 'b1' }] });
  expect(lastAnswer('u2', 'my-bookings:future')).toBeNull();
  expect(lastAnswer(undefined, 'my-bookings:future')).toBeNull();
  expect(lastAnswer('u1', 'my-bookings:past')).toBeNull();
});

test("keeping an answer for another user forgets the previous user's answers, not the user's own others", () => {
  keepLastAnswer('u1', 'my-bookings:future', ['a'], NOW);
  keepLastAnswer('u1', 'session', { user: 'u1' }, NOW);
  keepLastAnswer('u2', 'my-bookings:future', ['b'], NOW);
  expect(lastAnswer('u1', 'my-bookings:future')).toBeNull();
  expect(lastAnswer('u1', 'session')).toBeNull();
  expect(lastAnswer('u2', 'my-bookings:future')?.value).toEqual(['b']);
  keepLastAnswer('u2', 'my-bookings:past', ['c'], NOW);
  expect(lastAnswer('u2', 'my-bookings:future')?.value).toEqual(['b']);
});

test('the last user and their kept answer are found without knowing the id (the session offline)', () => {
  expect(keptAnswerOfLastUser('session')).toBeNull();
  keepLastAnswer('u7', 'session', { user: { _id: 'u7' } }, NOW);
  expect(keptAnswerOfLastUser('session')).toEqual({ userId: 'u7', savedAt: NOW.toISOString(), value: { user: { _id: 'u7' } } });
});

test('a broken kept value reads as nothing; storage of other apps is left alone', () => {
  localStorage.setItem('portal-offline:u1:session', '{not json');
  localStorage.setItem('something-else', 'x');
  expect(lastAnswer('u1', 'session')).toBeNull();
  forgetLastAnswers();
  expect(localStorage.getItem('portal-offline:u1:session')).toBeNull();
  expect(localStorage.getItem('something-else')).toBe('x');
});

test('signing out, or a session found ended, forgets every kept answer', () => {
  keepLastAnswer('u1', 'my-bookings:future', ['a'], NOW);
  useAuthStore.getState().signOut();
  expect(lastAnswer('u1', 'my-bookings:future')).toBeNull();

  keepLastAnswer('u1', 'my-bookings:future', ['a'], NOW);
  useAuthStore.getState().setUser(sessionUser('u1'));
  expect(lastAnswer('u1', 'my-bookings:future')).not.toBeNull();
  useAuthStore.getState().setUser(null);
  expect(lastAnswer('u1', 'my-bookings:future')).toBeNull();
});

test('the kept session is shown offline, marked as such', () => {
  useAuthStore.getState().setOfflineUser(sessionUser('u1'));
  const state = useAuthStore.getState();
  expect(state.offline).toBe(true);
  expect(state.status).toBe('authenticated');
  useAuthStore.getState().setUser(sessionUser('u1'));
  expect(useAuthStore.getState().offline).toBe(false);
});
