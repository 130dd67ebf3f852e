import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyPayment } from 'shared-api';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi, type ApiCall } from 'shared-ui/testing/api';
import { MyPaymentsPage } from '../components/MyPaymentsPage';
import { uuid } from '../../../test/fixtures';

const BANK = { club_name: 'ASD Tennistavolo Esempio', iban: 'IT60X0542811101000000123456' };

const MADE: MyPayment[] = [
  { _id: uuid(1), title: 'Quota 2026-2027', date: '2026-10-04', amount: 50, type: 'made', payment_type: 'bank_mps' },
  { _id: uuid(2), title: 'Quota 2026-2027', date: '2026-10-03', amount: 100, type: 'made', payment_type: 'cash' },
];
const PENDING: MyPayment[] = [{ _id: uuid(3), title: 'Quota 2026-2027', date: '2026-09-01', amount: 250, amount_paid: 150, type: 'pending' }];
const INCOMING: MyPayment[] = [{ _id: uuid(4), title: 'Compenso 10/2026', date: '2026-11-02', amount: 300, type: 'incoming' }];

function setup(byType: Record<string, MyPayment[]>, bank: { club_name: string; iban: string | null } = BANK) {
  const api = mockApi({
    'GET /user/me/payments': (call: ApiCall) => ({ body: { data: byType[call.query.get('type') ?? ''] ?? [], bank_details: bank } }),
  });
  const user = userEvent.setup();
  renderWithProviders(<MyPaymentsPage />, { route: '/user/payments' });
  return { api, user };
}

const texts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/\u00a0/g, ' '));

describe('I miei pagamenti', () => {
  it('without incoming payments hides Ricevuti and opens Effettuati: each payment with date, type and amount', async () => {
    const { api } = setup({ made: MADE, pending: PENDING });
    const list = await screen.findByRole('list', { name: 'Effettuati' });
    expect(screen.getByRole('heading', { name: 'Il tuo profilo, i tuoi pagamenti' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Effettuati', 'In sospeso']);
    expect(screen.getByRole('tab', { name: 'Effettuati' })).toHaveAttribute('aria-selected', 'true');
    expect(texts(list)).toEqual(['Quota 2026-202704/10/2026 · Banca MPS c/c ordinario50,00 €', 'Quota 2026-202703/10/2026 · Cassa100,00 €']);
    expect(api.calls.map((c) => c.query.get('type'))).toEqual(expect.arrayContaining(['incoming', 'made']));
  });

  it('In sospeso shows what is left to pay and the club bank details from the server', async () => {
    const { user } = setup({ made: MADE, pending: PENDING });
    await user.click(await screen.findByRole('tab', { name: 'In sospeso' }));
    const list = await screen.findByRole('list', { name: 'In sospeso' });
    expect(texts(list)).toEqual(['Quota 2026-2027Dal 01/09/2026Da pagare100,00 €Pagato150,00 €Totale250,00 €']);
    const tag = screen.getByLabelText('Coordinate bancarie');
    expect(tag).toHaveTextContent('ASD Tennistavolo Esempio');
    expect(tag).toHaveTextContent('IT60X0542811101000000123456');
  });

  it('without an IBAN configured says to ask the office instead of showing a made-up one', async () => {
    const { user } = setup({ pending: PENDING }, { club_name: 'ASD Tennistavolo Esempio', iban: null });
    await user.click(await screen.findByRole('tab', { name: 'In sospeso' }));
    expect(await screen.findByLabelText('Coordinate bancarie')).toHaveTextContent('IBAN non disponibile');
  });

  it('with incoming payments opens Ricevuti first; an empty tab says so', async () => {
    const { user } = setup({ incoming: INCOMING });
    const list = await screen.findByRole('list', { name: 'Ricevuti' });
    expect(texts(list)).toEqual(['Compenso 10/202602/11/2026300,00 €']);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Ricevuti', 'Effettuati', 'In sospeso']);
    await user.click(screen.getByRole('tab', { name: 'Effettuati' }));
    expect(await screen.findByText('Nessun pagamento da mostrare')).toBeInTheDocument();
  });
});
