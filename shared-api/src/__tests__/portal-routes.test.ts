/** Who can open a domain app at a path (issue 40: the server believes an error report only from such a member). */
import { opensAppAt } from '../portal-routes';

test('a member opens the app that serves the page, with the page’s permissions; below it too; not another app’s', () => {
  const member = ['book_session'];
  expect(opensAppAt(member, 'mf_booking', '/book-session')).toBe(true);
  expect(opensAppAt(member, 'mf_booking', '/user/bookings')).toBe(true);
  expect(opensAppAt(member, 'mf_booking', '/book-session/2026-12-07')).toBe(true);
  expect(opensAppAt(member, 'mf_registry', '/registry/users/management')).toBe(false);
  expect(opensAppAt(member, 'mf_registry', '/book-session')).toBe(false);
  expect(opensAppAt(member, 'mf_booking', '/book-session-calendar-x')).toBe(false);
  expect(opensAppAt(member, 'mf_booking', '/login')).toBe(false);
  expect(opensAppAt(member, 'mf_booking', '/')).toBe(false);
  expect(opensAppAt(member, 'mf_booking', '/check-in/Ab3xYz')).toBe(true);
  expect(opensAppAt(member, 'mf_booking', '/check-in/')).toBe(false);
  expect(opensAppAt(['*'], 'mf_registry', '/registry/audit')).toBe(true);
  expect(opensAppAt(['registry_access'], 'mf_registry', '/registry/audit')).toBe(false);
});
