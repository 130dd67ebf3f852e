import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { MembersCashoutPage } from '../components/MembersCashoutPage';
import { list, selectorHandlers } from '../../../test/handlers';
import { CATEGORY, GIULIA, MARCO, makeCharge, makePayment } from '../../../test/fixtures';
import { choose, field, typeInto } from '../../../test/form';

const CHARGE = makeCharge();
const chargePath = `/finance/member-charge/${CHARGE._id}`;

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...selectorHandlers,
    'GET /finance/member-charge': list([CHARGE]),
    [`GET ${chargePath}`]: { body: CHARGE },
    [`GET ${chargePath}/payments`]: list([
      makePayment(),
      makePayment({ _id: '00000000-0000-4000-8000-000000000061', amount: 0, payment_type: 'bank_bcc' }),
    ]),
    ...extra,
  });
  const user = userEvent.setup();
  renderWithProviders(<MembersCashoutPage />, { route: '/finance/members-cashout' });
  return { api, user };
}

const dialog = (name: RegExp | string) => screen.getByRole('dialog', { name });
const chargeRow = async () => (await screen.findByRole('cell', { name: 'Rossi Marco' })).closest('tr') as HTMLElement;

describe('Incasso soci', () => {
  it('lists every column of the charge, amounts in euro and dates in Italian format', async () => {
    setup();
    const row = await chargeRow();
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent?.replace(/\u00a0/g, ' '));
    expect(cells.slice(0, 12)).toEqual([
      '7',
      'Rossi Marco',
      'Quota 2026-2027',
      'Quota stagionale',
      '01/09/2026',
      '31/08/2027',
      '150,00 €',
      '100,00 €',
      '250,00 €',
      '03/10/2026',
      '15/09/2026',
      '',
    ]);
  });

  it('charges several members at once: one request, every member chosen, the period and amount in euro', async () => {
    const { api, user } = setup({ 'POST /finance/member-charge': { status: 201, body: { data: [CHARGE, CHARGE] } } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi incasso socio' }));
    await screen.findByRole('dialog', { name: 'Aggiungi incasso socio' });
    await user.click(within(dialog('Aggiungi incasso socio')).getByRole('button', { name: 'Crea' }));
    expect(within(dialog('Aggiungi incasso socio')).getAllByText('Campo obbligatorio').length).toBeGreaterThanOrEqual(4);
    expect(api.callsTo('POST /finance/member-charge')).toHaveLength(0);

    await choose(user, 'Soci', 'Rossi Marco');
    await choose(user, 'Soci', 'Bianchi Giulia');
    await user.keyboard('{Escape}');
    await choose(user, 'Categoria di entrata', 'Quota stagionale');
    await typeInto(user, 'Descrizione', 'Quota 2026-2027');
    await user.selectOptions(screen.getByLabelText('Periodo predefinito'), 'Dodici mesi');
    await typeInto(user, 'Importo totale', '250,5');
    await user.click(within(dialog('Aggiungi incasso socio')).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Incassi soci creati con successo!')).toBeInTheDocument();
    const body = api.callsTo('POST /finance/member-charge')[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      user: [MARCO._id, GIULIA._id],
      income_category: CATEGORY._id,
      description: 'Quota 2026-2027',
      reference_period: { start_date: expect.stringMatching(/^\d{4}-09-01$/), end_date: expect.stringMatching(/^\d{4}-08-31$/) },
      amount_due: 250.5,
      notes: null,
    });
  });

  it('opens the payments side panel: id, amount, date, Cassa/Banca, and the accounting entry each posted', async () => {
    const { user } = setup();
    const row = await chargeRow();
    await user.click(within(row).getByRole('button', { name: 'Pagamenti' }));
    const panel = await screen.findByRole('dialog', { name: 'Pagamenti effettuati da Rossi Marco' });
    const rows = within(await within(panel).findByRole('table', { name: 'Pagamenti' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1, 5)
          .map((c) => c.textContent?.replace(/\u00a0/g, ' ')),
      ),
    ).toEqual([
      ['100,00 €', '03/10/2026', 'Cassa', 'n. 4 (2026-2027)'],
      ['0,00 €', '03/10/2026', 'Banca', 'n. 4 (2026-2027)'],
    ]);
  });

  it('records a payment by bank; more than what remains is refused and shown by the server code, the form stays open', async () => {
    let attempts = 0;
    const { api, user } = setup({
      [`POST ${chargePath}/payment`]: () =>
        ++attempts === 1
          ? { status: 400, body: { code: 'PAYMENT_EXCEEDS_REMAINING', message: "L'importo del pagamento supera quanto resta da pagare" } }
          : { status: 201, body: makePayment() },
    });
    const row = await chargeRow();
    await user.click(within(row).getByRole('button', { name: 'Aggiungi pagamento' }));
    await screen.findByRole('dialog', { name: 'Aggiungi pagamento' });
    expect(dialog('Aggiungi pagamento')).toHaveTextContent(/da pagare 150,00\s€/);
    await typeInto(user, 'Importo', '200');
    await typeInto(user, 'Data del pagamento', '04/10/2026');
    await choose(user, 'Tipo di pagamento', 'Banca MPS c/c ordinario');
    await user.click(within(dialog('Aggiungi pagamento')).getByRole('button', { name: 'Registra' }));
    expect(await screen.findByText("L'importo del pagamento supera quanto resta da pagare")).toBeInTheDocument();
    expect(field('Importo')).toHaveValue('200');

    await typeInto(user, 'Importo', '50,25');
    await user.click(within(dialog('Aggiungi pagamento')).getByRole('button', { name: 'Registra' }));
    expect(await screen.findByText('Pagamento registrato con successo!')).toBeInTheDocument();
    expect(api.callsTo(`POST ${chargePath}/payment`)[1]?.body).toEqual({ amount_paid: 50.25, payment_date: '2026-10-04', payment_type: 'bank_mps' });
  });

  it('a payment date more than 30 days after today (25/11/2026) is named in the form and not sent; the server code speaks too', async () => {
    const { api, user } = setup({
      [`POST ${chargePath}/payment`]: {
        status: 400,
        body: { code: 'PAYMENT_DATE_TOO_FAR', message: 'La data del pagamento è troppo avanti: al massimo 30 giorni da oggi.' },
      },
    });
    await user.click(within(await chargeRow()).getByRole('button', { name: 'Aggiungi pagamento' }));
    await screen.findByRole('dialog', { name: 'Aggiungi pagamento' });
    await typeInto(user, 'Importo', '10');
    await typeInto(user, 'Data del pagamento', '01/10/2030');
    await user.click(within(dialog('Aggiungi pagamento')).getByRole('button', { name: 'Registra' }));
    expect(await within(dialog('Aggiungi pagamento')).findByText('La data non può essere successiva al 25/12/2026')).toBeInTheDocument();
    expect(api.callsTo(`POST ${chargePath}/payment`)).toHaveLength(0);

    await typeInto(user, 'Data del pagamento', '25/12/2026');
    await user.click(within(dialog('Aggiungi pagamento')).getByRole('button', { name: 'Registra' }));
    expect(await screen.findByText('La data del pagamento è troppo avanti: al massimo 30 giorni da oggi.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${chargePath}/payment`)[0]?.body).toMatchObject({ payment_date: '2026-12-25' });
  });

  it.each([
    ['NO_INCOME_CATEGORY', "Per aggiungere un pagamento, è necessario che l'incasso socio abbia una categoria di entrata associata"],
    ['NO_CASH_SUBACCOUNT', 'Per registrare un pagamento in contanti, la categoria di entrata deve avere almeno un sottoconto di cassa'],
    ['NO_BANK_SUBACCOUNT', 'Per registrare un pagamento con banca, la categoria di entrata deve avere almeno un sottoconto bancario valido'],
  ])('a payment refused with %s shows the spec text', async (code, text) => {
    const { user } = setup({ [`POST ${chargePath}/payment`]: { status: 400, body: { code, message: 'refused' } } });
    await user.click(within(await chargeRow()).getByRole('button', { name: 'Aggiungi pagamento' }));
    await screen.findByRole('dialog', { name: 'Aggiungi pagamento' });
    await typeInto(user, 'Importo', '10');
    await user.click(within(dialog('Aggiungi pagamento')).getByRole('button', { name: 'Registra' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it("edits a payment from the panel: 'Modifica pagamento', its own amount counted as available, saved under the charge's path", async () => {
    const payment = makePayment();
    const { api, user } = setup({ [`PATCH ${chargePath}/payment/${payment._id}`]: { body: makePayment({ amount: 120 }) } });
    await user.click(within(await chargeRow()).getByRole('button', { name: 'Pagamenti' }));
    const panel = await screen.findByRole('dialog', { name: 'Pagamenti effettuati da Rossi Marco' });
    await within(panel).findByRole('table', { name: 'Pagamenti' });
    await user.click(within(panel).getAllByRole('button', { name: 'Modifica' })[0] as HTMLElement);
    await screen.findByRole('dialog', { name: 'Modifica pagamento' });
    expect(dialog('Modifica pagamento')).toHaveTextContent(/da pagare 250,00\s€/);
    expect(field('Importo')).toHaveValue('100,00');
    await typeInto(user, 'Importo', '120');
    await user.click(within(dialog('Modifica pagamento')).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Pagamento modificato con successo!')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${chargePath}/payment/${payment._id}`).map((c) => c.body)).toEqual([
      { amount_paid: 120, payment_date: '2026-10-03', payment_type: 'cash' },
    ]);
    expect(api.callsTo(`POST ${chargePath}/payment`)).toHaveLength(0);
  });

  it('cancels a payment from the panel after a confirmation', async () => {
    const payment = makePayment();
    const { api, user } = setup({ [`DELETE ${chargePath}/payment/${payment._id}`]: { status: 204 } });
    await user.click(within(await chargeRow()).getByRole('button', { name: 'Pagamenti' }));
    const panel = await screen.findByRole('dialog', { name: 'Pagamenti effettuati da Rossi Marco' });
    await within(panel).findByRole('table', { name: 'Pagamenti' });
    await user.click(within(panel).getAllByRole('button', { name: 'Annulla pagamento' })[0] as HTMLElement);
    const confirm = await screen.findByRole('dialog', { name: 'Annulla pagamento' });
    expect(confirm).toHaveTextContent("L'operazione non è reversibile");
    await user.click(within(confirm).getByRole('button', { name: 'Annulla pagamento' }));
    expect(await screen.findByText('Pagamento annullato con successo!')).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${chargePath}/payment/${payment._id}`)).toHaveLength(1);
  });

  it('a charge with payments cannot be deleted: the server says so', async () => {
    const { user } = setup({
      [`DELETE ${chargePath}`]: { status: 409, body: { code: 'MEMBER_CHARGE_HAS_PAYMENTS', message: 'x' } },
    });
    await user.click(within(await chargeRow()).getByRole('button', { name: 'Elimina' }));
    const confirm = await screen.findByRole('dialog', { name: 'Elimina incasso socio' });
    await user.click(within(confirm).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText("Impossibile eliminare l'incasso socio: ha dei pagamenti registrati.")).toBeInTheDocument();
  });
});
