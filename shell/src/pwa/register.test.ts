import { loadedFiles } from './register';

const ORIGIN = 'https://portale.example';

test("the worker is told this origin's files the page loaded, never API calls, with the page kept as the shell", () => {
  const files = loadedFiles(ORIGIN, '/user/bookings', [
    `${ORIGIN}/main.1a2b3c4d.js`,
    `${ORIGIN}/api/v1/user/me/booked-sessions?filter=future`,
    `${ORIGIN}/remotes.json`,
    `${ORIGIN}/releases/mf-booking/1.4.0/remoteEntry.js`,
    'https://cdn.example/other.js',
    'not a url',
    `${ORIGIN}/main.1a2b3c4d.js`,
  ]);
  expect(files).toEqual([`${ORIGIN}/main.1a2b3c4d.js`, `${ORIGIN}/remotes.json`, `${ORIGIN}/releases/mf-booking/1.4.0/remoteEntry.js`, `${ORIGIN}/`]);
});

test('/login is kept as its own page', () => {
  expect(loadedFiles(ORIGIN, '/login', [])).toEqual([`${ORIGIN}/login`]);
});
