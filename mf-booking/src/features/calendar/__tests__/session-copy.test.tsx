import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clubToday, formatDate } from 'shared-ui';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { BookingsCalendarPage } from '../components/CalendarPages';
import { addDays } from '../../../lib/club-time';
import { list, referenceHandlers } from '../../../test/handlers';
import { TABLES, makeSession } from '../../../test/fixtures';

/**
 * Issue 44 item 5: 'Copia' opened with the original's day, time and table, and 'Crea' made a second, identical
 * session on that table. The copy's day starts empty and is required; the server's refusal of an overlap
 * (SESSION_OVERLAP) is shown with its own words, which name the table, day and session in the way.
 */
const today = clubToday();
const OVERLAP =
  'Il tavolo 1 è già occupato il 01/01/2027 dalle 18:00 alle 19:30 dal turno «Serale»: scegli un altro giorno, un altro orario o un altro tavolo.';

function setup(postAnswer: { status: number; body: unknown }) {
  const original = makeSession({
    specific_date: today,
    title: 'Serale',
    start_time: '18:00',
    end_time: '19:30',
    participant_qualifications: ['00000000-0000-4000-8000-00000000aaaa'],
  });
  const api = mockApi({ ...referenceHandlers, 'GET /training-session': list([original]), 'POST /training-session': postAnswer });
  const user = userEvent.setup();
  renderWithProviders(<BookingsCalendarPage />);
  return { api, user, original };
}

async function openCopy(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^Azioni Serale/ }));
  await user.click(await screen.findByRole('button', { name: 'Copia' }));
  return screen.findByRole('dialog', { name: 'Copia turno di allenamento' });
}

describe("admin 'Copia'", () => {
  it('opens with the day empty and required, the rest copied, and creates the copy on the day chosen', async () => {
    const { api, user } = setup({ status: 201, body: { data: [] } });
    const copy = await openCopy(user);
    const day = within(copy).getByLabelText(/^Giorno/);
    expect(day).toHaveValue('');
    expect(within(copy).getByText(`Scegli il giorno della copia: l'originale è il ${formatDate(today)}`)).toBeInTheDocument();
    expect(within(copy).getByLabelText(/^Titolo/)).toHaveValue('Serale');

    // 'Crea' without a day: the field says so and nothing is sent.
    await user.click(within(copy).getByRole('button', { name: 'Crea' }));
    expect(await within(copy).findByText('Campo obbligatorio')).toBeInTheDocument();
    expect(api.callsTo('POST /training-session')).toHaveLength(0);

    await user.type(day, formatDate(addDays(today, 7)));
    await user.tab();
    await user.click(within(copy).getByRole('button', { name: 'Crea' }));
    await waitFor(() => expect(api.callsTo('POST /training-session')).toHaveLength(1));
    expect(api.callsTo('POST /training-session')[0]!.body).toMatchObject({
      title: 'Serale',
      day: addDays(today, 7),
      start_time: '18:00',
      end_time: '19:30',
      game_tables: [TABLES[0]!._id],
    });
  });

  it("shows the server's refusal of an overlapping session in its own words", async () => {
    const { user } = setup({ status: 409, body: { code: 'SESSION_OVERLAP', message: OVERLAP } });
    const copy = await openCopy(user);
    await user.type(within(copy).getByLabelText(/^Giorno/), formatDate(addDays(today, 1)));
    await user.tab();
    await user.click(within(copy).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText(OVERLAP)).toBeInTheDocument();
  });
});
