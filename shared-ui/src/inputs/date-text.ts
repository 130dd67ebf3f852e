/**
 * What is wrong with a date typed into a date field, said in Italian: react-datepicker drops a date it cannot take
 * (31/02, a year past the field's last, a day before its first) and leaves the field empty, so without this the
 * form said only 'Campo obbligatorio' after the submit (issue 26 item 8).
 */
const TYPED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

const italian = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const pad = (n: string) => n.padStart(2, '0');

/** The problem of a typed text (dd/mm/yyyy) against the field's first and last dates (ISO), or null when it is fine or empty. */
export function typedDateProblem(text: string, first?: string | null, last?: string | null): string | null {
  const typed = text.trim();
  if (!typed) return null;
  const parts = TYPED.exec(typed);
  if (!parts) return `Data non valida: scrivila come gg/mm/aaaa (es. 25/11/2026)`;
  const [, d, m, y] = parts as unknown as [string, string, string, string];
  const iso = `${y}-${pad(m)}-${pad(d)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || !date.toISOString().startsWith(iso)) return `Data non valida: il ${pad(d)}/${pad(m)}/${y} non esiste`;
  if (first && iso < first) return `La data non può essere precedente al ${italian(first)}`;
  if (last && iso > last) return `La data non può essere successiva al ${italian(last)}`;
  return null;
}
