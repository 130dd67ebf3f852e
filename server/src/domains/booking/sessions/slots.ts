/** A session's time slots, on the wall clock of one day. */

/** A time slot of a session: start HH:MM and minutes. */
export interface Slot {
  start_time: string;
  duration_minutes: number;
}

export const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
export const timeOf = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** Whether two slots of one day overlap. */
export const overlaps = (a: Slot, b: Slot) => {
  const a0 = minutesOf(a.start_time);
  const b0 = minutesOf(b.start_time);
  return a0 < b0 + b.duration_minutes && b0 < a0 + a.duration_minutes;
};
