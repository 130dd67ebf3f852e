import userEvent from '@testing-library/user-event';
import { expectHomeList, homeBlock as block, renderSlot, slotUser } from 'shared-ui/testing/slot';
import home from '../../../exposes/home';

const member = slotUser({ permissions: ['book_session'] });
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
  await expectHomeList(payments, {
    lines: ['Quota 1: 10,00 €', 'Quota 2: 20,00 €', 'Quota 3: 30,00 €'],
    link: { name: '+ altri 2 pagamenti in sospeso', href: '/user/payments' },
  });
  // 10 + 20 + 30 + 40 + 50: the total is of every charge, the two not listed included.
  expect(payments.getByText(/Totale da pagare/)).toHaveTextContent(/150,00\s€/);
});

test('with three charges or fewer the block links the payments page by name', async () => {
  renderSlot(home, {}, { user: member, api: { 'GET /user/me/payments': pending } });
  await expectHomeList(await block('Pagamenti in sospeso'), { count: 1, link: { name: 'I miei pagamenti', href: '/user/payments' } });
});
