import {
  CONTROL_CHARACTERS_MESSAGE,
  SINGLE_LINE_MESSAGE,
  businessEntityPayload,
  euro,
  paymentPayload,
  sendEmailPayload,
  trainingSessionPayload,
  userPayload,
} from '../contract';

const ID = '00000000-0000-4000-8000-000000000001';
const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('amounts (DESIGN §5: more than two decimals is refused)', () => {
  it('refuses 1.000000001 and the like instead of rounding them to 1.00', () => {
    expect(messages(paymentPayload.safeParse({ amount_paid: 1.000000001, payment_date: '2026-10-01' }))).toEqual([
      'amount_paid: Sono ammessi al massimo due decimali',
    ]);
    for (const bad of [1.000000001, 0.001, 12.345, 9_999_999.991, '1,0000001']) expect(euro.safeParse(bad).success).toBe(false);
  });

  it('takes every amount of two decimals, also those binary floating point cannot hold exactly', () => {
    for (const good of [0, 0.01, 0.1, 0.29, 1.1, 19.99, 100.07, 1234.56, 9_999_999.99, '12,50']) expect(euro.safeParse(good).success).toBe(true);
  });
});

describe('single-line texts refuse line breaks and control characters, multi-line texts only control characters', () => {
  it("a mailing's subject with a line break is refused, its body keeps its lines", () => {
    expect(messages(sendEmailPayload.safeParse({ mailing_lists: [ID], subject: 'Ciao\r\nBcc: tutti@example.com', body: 'Riga 1\nRiga 2' }))).toEqual([
      `subject: ${SINGLE_LINE_MESSAGE}`,
    ]);
    expect(sendEmailPayload.safeParse({ mailing_lists: [ID], subject: 'Ciao', body: 'Riga 1\n\tRiga 2' }).success).toBe(true);
    expect(messages(sendEmailPayload.safeParse({ mailing_lists: [ID], subject: 'Ciao', body: 'nul\u0000' }))).toEqual([
      `body: ${CONTROL_CHARACTERS_MESSAGE}`,
    ]);
  });

  it('every kind of control character, in titles, names and finance texts; blanks around are trimmed', () => {
    for (const bad of ['a\nb', 'a\rb', 'a\tb', 'a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u2028b']) {
      const session = trainingSessionPayload.safeParse({
        title: bad,
        day: '2027-03-24',
        start_time: '18:00',
        end_time: '19:00',
        participant_qualifications: [ID],
        game_tables: [ID],
      });
      expect(messages(session)).toEqual([`title: ${SINGLE_LINE_MESSAGE}`]);
      expect(messages(businessEntityPayload.safeParse({ name: bad })).filter((m) => m.startsWith('name:'))).toEqual([`name: ${SINGLE_LINE_MESSAGE}`]);
      expect(messages(userPayload.safeParse({ surname: bad })).filter((m) => m.startsWith('surname:'))).toEqual([`surname: ${SINGLE_LINE_MESSAGE}`]);
    }
    expect(sendEmailPayload.parse({ mailing_lists: [ID], subject: '  Ciao\n', body: 'x' }).subject).toBe('Ciao');
    expect(messages(userPayload.safeParse({ notes: 'a\nb' })).filter((m) => m.startsWith('notes:'))).toEqual([]);
  });
});
