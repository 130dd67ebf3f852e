import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSlot, slotUser } from 'shared-ui/testing/slot';
import home from '../../../exposes/home';

const member = slotUser({ permissions: ['book_session'] });
const block = async (name: string) => within(await screen.findByRole('region', { name }, { timeout: 10_000 }));
const pending = {
  body: {
    data: [{ _id: 'p1', title: 'Quota associativa 2026/27', date: '2026-09-01', amount: 150, amount_paid: 50.3, type: 'pending' }],
    bank_details: { club_name: 'Circolo', iban: null },
  },
};

test('the pending payments block shows what is left to pay of each charge, and the total', async () => {
  const { server } = renderSlot(home, {}, { user: member, api: { 'GET /user/me/payments': pending } });
  const payments = await block('Pagamenti in sospeso');
  // 150,00 € charged (the API answers euros), 50,30 € paid: 99,70 € left.
  expect(await payments.findByRole('listitem')).toHaveTextContent(/^Quota associativa 2026\/27: 99,70\s€$/);
  expect(payments.getByText(/Totale da pagare/)).toHaveTextContent(/99,70\s€/);
  expect(server.callsTo('GET /user/me/payments')[0]!.query.get('type')).toBe('pending');
});

test('a read that fails says so with Riprova; nothing due says so', async () => {
  let down = true;
  const { server } = renderSlot(
    home,
    {},
    {
      user: member,
      api: {
        'GET /user/me/payments': () =>
          down
            ? { status: 500, body: { code: 'INTERNAL', message: 'Errore' } }
            : { body: { data: [], bank_details: { club_name: 'C', iban: null } } },
      },
    },
  );
  const payments = await block('Pagamenti in sospeso');
  expect(await payments.findByRole('alert')).toHaveTextContent('Impossibile caricare i pagamenti.');
  down = false;
  await userEvent.click(payments.getByRole('button', { name: 'Riprova' }));
  expect(await payments.findByText('Nessun pagamento in sospeso.')).toBeInTheDocument();
  expect(server.callsTo('GET /user/me/payments')).toHaveLength(2);
});

test('the block lists three charges, the total of them all, and links the payments page with the count of the others (issue 44 item 10)', async () => {
  const charges = [1, 2, 3, 4, 5].map((n) => ({
    _id: `p${n}`,
    title: `Quota ${n}`,
    date: '2026-09-01',
    amount: n * 10,
    amount_paid: 0,
    type: 'pending',
  }));
  renderSlot(home, {}, { user: member, api: { 'GET /user/me/payments': { body: { data: charges, bank_details: pending.body.bank_details } } } });
  const payments = await block('Pagamenti in sospeso');
  await payments.findByRole('list');
  expect(payments.getAllByRole('listitem').map((li) => li.textContent?.replace(/\s/g, ' '))).toEqual([
    'Quota 1: 10,00 €',
    'Quota 2: 20,00 €',
    'Quota 3: 30,00 €',
  ]);
  // 10 + 20 + 30 + 40 + 50: the total is of every charge, the two not listed included.
  expect(payments.getByText(/Totale da pagare/)).toHaveTextContent(/150,00\s€/);
  expect(payments.getByRole('link', { name: '+ altri 2 pagamenti in sospeso' })).toHaveAttribute('href', '/user/payments');
  expect(payments.getAllByRole('link')).toHaveLength(1);
});

test('with three charges or fewer the block links the payments page by name', async () => {
  renderSlot(home, {}, { user: member, api: { 'GET /user/me/payments': pending } });
  const payments = await block('Pagamenti in sospeso');
  await payments.findByRole('list');
  expect(payments.getByRole('link', { name: 'I miei pagamenti' })).toHaveAttribute('href', '/user/payments');
});
