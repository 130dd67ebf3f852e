/**
 * How far ahead a training session may be created (issue 26 item 7, docs/decisions.md "Sessions at most two years
 * ahead"): a season's group is planned in the summer and ends the next August, about 14 months out; a session dated
 * 2030 is a typing slip. The server refuses a later single day or group end (SESSION_DATE_TOO_FAR) and the session
 * form's calendars stop at the same day. Zod-free: it ships with the constants.
 */
export const SESSION_MAX_YEARS_AHEAD = 2;

/** The latest day a new session (or a group's last day) may fall on when the club's today is `today` (YYYY-MM-DD). */
export function latestSessionDate(today: string): string {
  const year = Number(today.slice(0, 4)) + SESSION_MAX_YEARS_AHEAD;
  // 29 February two years on is not a day: the 28th.
  const monthDay = today.slice(5) === '02-29' ? '02-28' : today.slice(5);
  return `${year}-${monthDay}`;
}
