import { calendarKind, googleCalendarUrl, outlookCalendarUrl, type DeviceInfo } from '../calendar-links';

const desktop: DeviceInfo = {
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
  platform: 'Win32',
  maxTouchPoints: 0,
  width: 1280,
  canHover: true,
};
const entry = { bookingId: 'b-1', title: 'Allenamento serale', date: '2026-11-30', start: '18:00', end: '19:30', location: 'Tavolo 2' };

describe('add to calendar', () => {
  it('gives Mac and iOS an .ics file, Android and touch devices Google, others Outlook', () => {
    expect(calendarKind({ ...desktop, userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)', platform: 'MacIntel' })).toBe('ics');
    expect(
      calendarKind({
        ...desktop,
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
        platform: 'iPhone',
        maxTouchPoints: 5,
        width: 390,
        canHover: false,
      }),
    ).toBe('ics');
    expect(
      calendarKind({
        ...desktop,
        userAgent: 'Mozilla/5.0 (Linux; Android 14)',
        platform: 'Linux armv8l',
        maxTouchPoints: 5,
        width: 412,
        canHover: false,
      }),
    ).toBe('google');
    expect(
      calendarKind({ ...desktop, userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', platform: 'Linux', maxTouchPoints: 2, width: 700, canHover: false }),
    ).toBe('google');
    // A touch laptop wider than 768 or with hover is not a touch device.
    expect(calendarKind({ ...desktop, maxTouchPoints: 10, width: 1280, canHover: true })).toBe('outlook');
    expect(calendarKind(desktop)).toBe('outlook');
  });

  it('puts the club times (Europe/Rome) in UTC on the links, in winter and in summer', () => {
    const google = new URL(googleCalendarUrl(entry));
    expect(google.searchParams.get('dates')).toBe('20261130T170000Z/20261130T183000Z');
    expect(google.searchParams.get('text')).toBe('Allenamento serale');
    const outlook = new URL(outlookCalendarUrl({ ...entry, date: '2026-07-01' }));
    expect(outlook.searchParams.get('startdt')).toBe('2026-07-01T16:00:00.000Z');
    expect(outlook.searchParams.get('enddt')).toBe('2026-07-01T17:30:00.000Z');
    expect(outlook.searchParams.get('subject')).toBe('Allenamento serale');
  });

  it('handles the daylight-saving weekends and a session running past midnight', () => {
    // 29 March 2026: clocks go forward at 02:00; 25 October 2026: back at 03:00.
    expect(new URL(googleCalendarUrl({ ...entry, date: '2026-03-29' })).searchParams.get('dates')).toBe('20260329T160000Z/20260329T173000Z');
    expect(new URL(googleCalendarUrl({ ...entry, date: '2026-10-25' })).searchParams.get('dates')).toBe('20261025T170000Z/20261025T183000Z');
    expect(new URL(googleCalendarUrl({ ...entry, start: '23:00', end: '00:30' })).searchParams.get('dates')).toBe(
      '20261130T220000Z/20261130T233000Z',
    );
  });
});
