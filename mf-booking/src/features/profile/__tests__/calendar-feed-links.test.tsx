import { screen, within } from '@testing-library/react';
import { googleCalendarUrl } from '../CalendarFeedCard';
import { webcalUrl } from '../../../lib/calendar-feed';

import { PROFILE_SLOT_PROPS, renderSlot, slotUser } from 'shared-ui/testing/slot';
import profile from '../../../exposes/profile';

const sessionUser = () => slotUser();
const props = PROFILE_SLOT_PROPS;

/**
 * Issue 44 item 8: the calendar feed was only an address to copy; a phone's or computer's calendar subscribes from a
 * webcal:// link, and Google Calendar from its own page with the address filled in.
 */
const user = sessionUser();
const FEED = 'https://portale.test/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const WEBCAL = 'webcal://portale.test/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';

test('the links to subscribe: webcal:// for the calendar app, Google Calendar with the webcal address', async () => {
  renderSlot(profile, props, {
    user,
    api: { 'GET /user/me/calendar-feed': () => ({ body: { url: FEED } }) },
  });
  const feed = within(await screen.findByRole('region', { name: 'Calendario sul telefono' }, { timeout: 10_000 }));
  expect(await feed.findByRole('link', { name: 'Aggiungi al calendario' }, { timeout: 10_000 })).toHaveAttribute('href', WEBCAL);
  const google = feed.getByRole('link', { name: 'Aggiungi a Google Calendar' });
  expect(google).toHaveAttribute('href', `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(WEBCAL)}`);
  expect(google).toHaveAttribute('target', '_blank');
  expect(google).toHaveAttribute('rel', 'noopener noreferrer');
});

test('an http address (a portal without TLS) becomes webcal:// too', () => {
  expect(webcalUrl('http://localhost:8080/calendar/x.ics')).toBe('webcal://localhost:8080/calendar/x.ics');
  expect(googleCalendarUrl('http://localhost:8080/calendar/x.ics')).toBe(
    'https://calendar.google.com/calendar/r?cid=webcal%3A%2F%2Flocalhost%3A8080%2Fcalendar%2Fx.ics',
  );
});
