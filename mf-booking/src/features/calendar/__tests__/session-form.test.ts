import { FIELD_MESSAGES } from 'shared-api';
import {
  emptyForm,
  sessionFormSchema,
  toSessionInput,
  withCount,
  withDuration,
  type SessionFormValues,
  type SessionVariant,
} from '../admin/session-form';

const TABLE = '00000000-0000-4000-8000-000000000001';
const QUAL = '00000000-0000-4000-8000-00000000aaaa';
const filled = (patch: Partial<SessionFormValues> = {}): SessionFormValues => ({
  ...emptyForm('2026-12-01'),
  title: 'Serale',
  start_time: '18:00',
  end_time: '20:00',
  participant_qualifications: [QUAL],
  game_tables: [TABLE],
  ...patch,
});

/** The form's check as its resolver runs it (shared-ui schemaResolver: an empty value is a missing field). */
function check(values: SessionFormValues, variant: SessionVariant) {
  const result = sessionFormSchema(variant).safeParse(toSessionInput(values, variant), {
    error: (issue) => (issue.input == null ? FIELD_MESSAGES.required : undefined),
  });
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return { body: result.success ? result.data : null, errors };
}

describe('session form', () => {
  it('requires title, day, qualifications and tables, with the spec message', () => {
    const { body, errors } = check({ ...emptyForm(null), start_time: '18:00', end_time: '19:00' }, 'single-range');
    expect(body).toBeNull();
    expect(errors).toMatchObject({
      title: 'Campo obbligatorio',
      day: 'Campo obbligatorio',
      participant_qualifications: 'Campo obbligatorio',
      game_tables: 'Campo obbligatorio',
    });
  });

  it('an empty recurring form names its week days and period too, and its missing times', () => {
    const { errors } = check({ ...emptyForm(null), recurring: true }, 'single-range');
    expect(errors).toMatchObject({
      start_time: 'Campo obbligatorio',
      end_time: 'Campo obbligatorio',
      recurring_days: 'Campo obbligatorio',
      start_date: 'Campo obbligatorio',
      end_date: 'Campo obbligatorio',
    });
    expect(errors.day).toBeUndefined();
  });

  it('a single range: end after start, duration computed', () => {
    expect(check(filled({ end_time: '17:00' }), 'single-range').errors.end_time).toBe("L'ora di fine deve essere successiva all'ora di inizio");
    expect(check(filled(), 'single-range').body).toMatchObject({
      day: '2026-12-01',
      duration: 120,
      start_time: '18:00',
      end_time: '20:00',
      recurring_days: null,
    });
  });

  it('recurring: weekdays as strings and both period dates required', () => {
    const missing = check(filled({ recurring: true }), 'single-range');
    expect(missing.errors).toMatchObject({ recurring_days: 'Campo obbligatorio', start_date: 'Campo obbligatorio', end_date: 'Campo obbligatorio' });
    const ok = check(filled({ recurring: true, recurring_days: ['3', '1'], start_date: '2026-09-01', end_date: '2027-06-30' }), 'single-range');
    expect(ok.body).toMatchObject({ day: null, recurring_days: [1, 3], start_date: '2026-09-01', end_date: '2027-06-30' });
  });

  it('+ TM: changing the count sets the duration, changing the duration sets the count (floors)', () => {
    const v = withCount(filled(), '3');
    expect(v.duration).toBe('40');
    expect(withDuration(v, '50').number_of_sessions).toBe('2');
    expect(withCount(filled({ end_time: '19:40' }), '3').duration).toBe('33');
  });

  it('+ TM: too many sessions, a duration above the total, and a valid split', () => {
    expect(check(filled({ number_of_sessions: '5', duration: '30' }), 'multi').errors.number_of_sessions).toBe(
      'Non è possibile questo numero di turni',
    );
    expect(check(filled({ number_of_sessions: '1', duration: '0' }), 'multi').errors.number_of_sessions).toBe(
      'Non è possibile questo numero di turni',
    );
    expect(check(filled({ number_of_sessions: '1', duration: '150' }), 'multi').errors.duration).toBe(
      'La durata non può essere maggiore di 120 minuti',
    );
    expect(check(filled({ number_of_sessions: '4', duration: '30' }), 'multi').body).toMatchObject({ number_of_sessions: 4, duration: 30 });
  });
});
