export const YEARS_IN_DROPDOWN = 100;

/**
 * The 100 years of the year dropdown (spec 000 §9): ending at the maximum date's year, or ten years
 * after the current one, so birth dates and near-future dates both fit; never before the minimum date.
 */
export function yearOptions(shownYear: number, minYear: number | null, maxYear: number | null, now = new Date()): number[] {
  const last = maxYear ?? now.getFullYear() + 10;
  const first = Math.max(last - YEARS_IN_DROPDOWN + 1, minYear ?? -Infinity);
  const years: number[] = [];
  for (let y = last; y >= first; y--) years.push(y);
  // A typed date outside the list still shows its year.
  if (!years.includes(shownYear)) years.push(shownYear);
  return years.sort((a, b) => b - a);
}
