/** Spec 001 §5 Certificates: a non-numeric piece of the comma-separated days is reported and dropped. */
export const DAYS_INPUT_ERROR = 'Input non valido per giorni prima della notifica';

/**
 * Reads '30, 7, 1' as [30, 7, 1]. Empty pieces (a trailing comma while typing) are ignored; any other piece that
 * is not a whole number of days is dropped and flagged, so the form can say so while keeping the valid ones.
 */
export function parseDays(text: string): { days: number[]; invalid: boolean } {
  const days: number[] = [];
  let invalid = false;
  for (const piece of text.split(',').map((p) => p.trim())) {
    if (piece === '') continue;
    if (/^\d{1,4}$/.test(piece)) days.push(Number(piece));
    else invalid = true;
  }
  return { days, invalid };
}

export const formatDays = (days: readonly number[]) => days.join(', ');
