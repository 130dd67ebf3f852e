import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { apiServer } from '../testing/api-mock';
import { nth } from '../testing/nth';
import { renderWithProviders } from '../testing/render';
import { DataTable, type Column, type DataTableProps } from './DataTable';
import { resetTestClock } from '../testing/clock';

interface Member {
  _id: string;
  name: string;
  surname: string;
  category: { name: string };
  active: boolean;
}

const members = (n: number): Member[] =>
  Array.from({ length: n }, (_, i) => ({
    _id: `m${i + 1}`,
    name: `Nome${i + 1}`,
    surname: `Cognome${String(i + 1).padStart(3, '0')}`,
    category: { name: i % 2 ? 'Agonisti' : 'Amatori' },
    active: i % 3 !== 0,
  }));

interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The API mock answers list calls like the server (page, limit, q, sortBy, order) and records every URL. */
function fakeApi(rows: Member[], override?: (url: URL) => FakeReply | undefined) {
  const calls: URL[] = [];
  apiServer.use(
    http.all('*/api/v1/*', ({ request }) => {
      const url = new URL(request.url);
      calls.push(url);
      const reply = override?.(url) ?? listReply(rows, url);
      const body = reply.body === undefined ? null : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      return new HttpResponse(body, { status: reply.status ?? 200, headers: reply.headers ?? { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function listReply(rows: Member[], url: URL): FakeReply {
  const p = url.searchParams;
  const q = (p.get('q') ?? '').toLowerCase();
  let data = rows.filter((r) => !q || `${r.name} ${r.surname}`.toLowerCase().includes(q));
  // The tests sort by the text columns only.
  const sortBy = p.get('sortBy') as 'name' | 'surname' | null;
  if (sortBy) data = [...data].sort((a, b) => a[sortBy].localeCompare(b[sortBy]) * (p.get('order') === 'desc' ? -1 : 1));
  const limit = Number(p.get('limit') ?? 10);
  const page = Number(p.get('page') ?? 1);
  const pageRows = limit === 0 ? data : data.slice((page - 1) * limit, page * limit);
  return {
    body: {
      data: pageRows,
      meta: {
        totalItems: data.length,
        totalPages: limit === 0 ? 1 : Math.max(1, Math.ceil(data.length / limit)),
        currentPage: page,
        itemsPerPage: limit,
      },
    },
  };
}

const COLUMNS: Column<Member>[] = [
  { key: 'surname', header: 'Cognome', sortable: true, sortKey: 'surname,name' },
  { key: 'name', header: 'Nome', sortable: true },
  { key: 'category.name', header: 'Categoria' },
  { key: 'active', header: 'Attivo' },
];

function renderTable(props: Partial<DataTableProps<Member>> = {}) {
  return renderWithProviders(<DataTable<Member> queryKey="users" path="/user" columns={COLUMNS} caption="Utenti" exportName="utenti" {...props} />);
}

const lastCall = (calls: URL[]) => nth(calls, -1);
const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Utenti' }))
    .getAllByRole('row')
    .slice(1);
const pageButtons = () =>
  Array.from(screen.getByRole('navigation', { name: 'Paginazione' }).children)
    .map((el) => el.textContent)
    .slice(1, -1);
const pageSizes = () =>
  within(screen.getByRole('combobox', { name: 'Righe per pagina' }))
    .getAllByRole('option')
    .map((o) => o.textContent);

afterEach(() => {
  act(() => toast.dismiss());
  resetTestClock();
});

describe('DataTable', () => {
  it('loads the first page of 10 and renders the cells', async () => {
    const calls = fakeApi(members(57));
    renderTable();
    expect(screen.getByRole('status')).toHaveTextContent('Caricamento in corso...');
    expect(await screen.findByText('Cognome001')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(nth(calls, 0).pathname).toBe('/api/v1/user');
    expect(Object.fromEntries(nth(calls, 0).searchParams)).toEqual({ page: '1', limit: '10' });
    expect(bodyRows()).toHaveLength(10);
    const first = within(nth(bodyRows(), 0))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(first).toEqual(['Cognome001', 'Nome1', 'Amatori', 'No']);
    expect(screen.getByText('57 risultati')).toBeInTheDocument();
  });

  it('paginates with up to 4 page buttons, an ellipsis, the last page and (once past it) the first', async () => {
    const calls = fakeApi(members(95));
    renderTable();
    await screen.findByText('Cognome001');
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '…', '10']);
    await userEvent.click(screen.getByRole('button', { name: 'Pagina 4' }));
    await screen.findByText('Cognome031');
    expect(lastCall(calls).searchParams.get('page')).toBe('4');
    expect(screen.getByRole('button', { name: 'Pagina 4' })).toHaveAttribute('aria-current', 'page');
    expect(pageButtons()).toEqual(['1', '…', '3', '4', '5', '6', '…', '10']);
    await userEvent.click(screen.getByRole('button', { name: 'Pagina 10' }));
    await screen.findByText('Cognome091');
    expect(pageButtons()).toEqual(['1', '…', '6', '7', '8', '9', '10']);
    expect(screen.getByRole('button', { name: 'Pagina successiva' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Pagina precedente' }));
    await screen.findByText('Cognome081');
    expect(lastCall(calls).searchParams.get('page')).toBe('9');
  });

  it('has no pagination for a single page', async () => {
    fakeApi(members(7));
    renderTable();
    await screen.findByText('Cognome001');
    expect(screen.queryByRole('navigation', { name: 'Paginazione' })).not.toBeInTheDocument();
  });

  it.each([
    [15, ['10', '12']],
    [20, ['10', '12', '50']],
    [50, ['10', '12', '50']],
    [51, ['10', '12', '50', '100']],
    [100, ['10', '12', '50', '100']],
    [101, ['10', '12', '50', '100', 'Tutti']],
  ])('with %i rows offers page sizes %j', async (total, expected) => {
    fakeApi(members(total));
    renderTable();
    await screen.findByText('Cognome001');
    expect(pageSizes()).toEqual(expected);
    expect(screen.getByRole('combobox', { name: 'Righe per pagina' })).toHaveDisplayValue('10');
  });

  it("'Tutti' asks for every row with limit=0", async () => {
    const calls = fakeApi(members(130));
    renderTable();
    await screen.findByText('Cognome001');
    await userEvent.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await screen.findByText('Cognome011');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Righe per pagina' }), 'Tutti');
    await screen.findByText('Cognome130');
    expect(Object.fromEntries(lastCall(calls).searchParams)).toEqual({ page: '1', limit: '0' });
    expect(bodyRows()).toHaveLength(130);
    expect(screen.queryByRole('navigation', { name: 'Paginazione' })).not.toBeInTheDocument();
  });

  it("a list that caps its pages and its count (the audit log): 'oltre N risultati', and 'Tutti' still pages", async () => {
    const calls = fakeApi(members(300), (url) => {
      const limit = Number(url.searchParams.get('limit'));
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = limit === 0 ? 50 : limit;
      const rows = members(300).slice((page - 1) * size, page * size);
      return {
        body: { data: rows, meta: { totalItems: 200, totalPages: Math.ceil(200 / size), currentPage: page, itemsPerPage: size, totalCapped: true } },
      };
    });
    renderTable();
    await screen.findByText('Cognome001');
    expect(screen.getByText('oltre 200 risultati')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Righe per pagina' }), 'Tutti');
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    expect(lastCall(calls).searchParams.get('limit')).toBe('0');
    expect(pageButtons()).toEqual(['1', '2', '3', '4']);
  });

  it('a page size of 12 shows 12 rows', async () => {
    const calls = fakeApi(members(30));
    renderTable();
    await screen.findByText('Cognome001');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Righe per pagina' }), '12');
    await waitFor(() => expect(bodyRows()).toHaveLength(12));
    expect(lastCall(calls).searchParams.get('limit')).toBe('12');
    expect(pageButtons()).toEqual(['1', '2', '3']);
  });

  it("searches 450 ms after typing stops, from page 1, with 'Cerca qualcosa...'", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const calls = fakeApi(members(57));
    renderTable();
    await screen.findByText('Cognome001');
    await user.click(screen.getByRole('button', { name: 'Pagina 3' }));
    await screen.findByText('Cognome021');
    const before = calls.length;
    const search = screen.getByPlaceholderText('Cerca qualcosa...');
    await user.type(search, 'Cognome05');
    act(() => jest.advanceTimersByTime(449));
    expect(calls).toHaveLength(before);
    act(() => jest.advanceTimersByTime(1));
    await screen.findByText('Cognome050');
    expect(Object.fromEntries(lastCall(calls).searchParams)).toEqual({ page: '1', limit: '10', q: 'Cognome05' });
    expect(bodyRows()).toHaveLength(8);
  });

  it('keeps the search in the address and starts from it: a reload, Back and Forward show the same list (issue 26)', async () => {
    let search = '';
    function Location() {
      search = useLocation().search;
      return null;
    }
    const calls = fakeApi(members(57));
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(
      <>
        <DataTable<Member> queryKey="users" path="/user" columns={COLUMNS} caption="Utenti" />
        <Location />
      </>,
      { route: '/registry/users/management?other=1' },
    );
    await screen.findByText('Cognome001');
    await user.type(screen.getByRole('searchbox', { name: 'Cerca' }), 'Cognome05');
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(search))).toEqual({ other: '1', q: 'Cognome05' }));
    unmount();

    renderWithProviders(<DataTable<Member> queryKey="users" path="/user" columns={COLUMNS} caption="Utenti" />, {
      route: `/registry/users/management${search}`,
    });
    expect(screen.getByRole('searchbox', { name: 'Cerca' })).toHaveValue('Cognome05');
    await screen.findByText('Cognome050');
    expect(lastCall(calls).searchParams.get('q')).toBe('Cognome05');
    expect(bodyRows()).toHaveLength(8);
  });

  it('toggles the sort and sends only the first key of a comma-separated sort value', async () => {
    const calls = fakeApi(members(25));
    renderTable();
    await screen.findByText('Cognome001');
    const header = screen.getByRole('columnheader', { name: /Cognome/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastCall(calls).searchParams.get('order')).toBe('asc'));
    expect(lastCall(calls).searchParams.get('sortBy')).toBe('surname');
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(header).getByRole('button'));
    await screen.findByText('Cognome025');
    expect(Object.fromEntries(lastCall(calls).searchParams)).toEqual({ page: '1', limit: '10', sortBy: 'surname', order: 'desc' });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Categoria' })).not.toHaveAttribute('aria-sort');
  });

  it("shows the server's default order without sending it; the first click on that column reverses it", async () => {
    const calls = fakeApi(members(25));
    renderTable({ defaultSort: { key: 'surname,name', order: 'desc' } });
    await screen.findByText('Cognome001');
    const header = screen.getByRole('columnheader', { name: /Cognome/ });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(Object.fromEntries(lastCall(calls).searchParams)).toEqual({ page: '1', limit: '10' });
    await userEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastCall(calls).searchParams.get('order')).toBe('asc'));
    expect(lastCall(calls).searchParams.get('sortBy')).toBe('surname');
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Nome/ })).getByRole('button'));
    await waitFor(() => expect(lastCall(calls).searchParams.get('sortBy')).toBe('name'));
    expect(header).toHaveAttribute('aria-sort', 'none');
  });

  it('sends the filters and starts again from page 1 when they change', async () => {
    const calls = fakeApi(members(40));
    const { rerender } = renderTable({ filters: { active: true, category: undefined } });
    await screen.findByText('Cognome001');
    expect(Object.fromEntries(nth(calls, 0).searchParams)).toEqual({ page: '1', limit: '10', active: 'true' });
    await userEvent.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await screen.findByText('Cognome011');
    rerender(<DataTable<Member> queryKey="users" path="/user" columns={COLUMNS} caption="Utenti" filters={{ active: false }} />);
    await waitFor(() => expect(Object.fromEntries(lastCall(calls).searchParams)).toEqual({ page: '1', limit: '10', active: 'false' }));
  });

  it("shows 'Nessun dato da mostrare' for an empty list", async () => {
    fakeApi([]);
    renderTable();
    expect(await screen.findByText('Nessun dato da mostrare')).toBeInTheDocument();
  });

  it('on a failed load shows the error panel and both toasts; Ricarica loads again', async () => {
    let fail = true;
    const calls = fakeApi(members(5), () => (fail ? { status: 500, body: { message: 'boom' } } : undefined));
    renderTable();
    const panel = (await screen.findByRole('button', { name: 'Ricarica' })).closest('[role="alert"]') as HTMLElement;
    expect(panel).toHaveTextContent('Errore durante il recupero dei dati.');
    expect(
      await screen.findByText('Non è stato possibile recuperare i dati della tabella, se il problema persiste contattare un amministratore.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Errore durante il recupero dei dati.')).toHaveLength(2);
    fail = false;
    await userEvent.click(within(panel).getByRole('button', { name: 'Ricarica' }));
    expect(await screen.findByText('Cognome001')).toBeInTheDocument();
    // the load, its one quick retry (issue 26: not three, 1 + 2 + 4 s), then Ricarica
    expect(calls).toHaveLength(3);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ricarica' })).not.toBeInTheDocument());
  });

  it('refetches every 5 minutes', async () => {
    jest.useFakeTimers();
    const calls = fakeApi(members(3));
    renderTable();
    await screen.findByText('Cognome001');
    expect(calls).toHaveLength(1);
    // The interval runs from the last answer; waiting for the rows above took under a second of the fake clock.
    await act(async () => {
      jest.advanceTimersByTime(5 * 60 * 1000 - 1000);
    });
    expect(calls).toHaveLength(1);
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(calls).toHaveLength(2);
  });

  it('shows row actions, leaving out the hidden ones', async () => {
    fakeApi(members(2));
    const edit = jest.fn();
    renderTable({
      rowActions: (row) => [
        { label: 'Modifica', onClick: () => edit(row._id) },
        { label: 'Elimina', onClick: () => {}, icon: <span aria-hidden="true">🗑</span>, hidden: !row.active },
      ],
    });
    await screen.findByText('Cognome001');
    const rows = bodyRows();
    const first = nth(rows, 0);
    const second = nth(rows, 1);
    expect(within(first).queryByRole('button', { name: 'Elimina' })).not.toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Elimina' })).toBeInTheDocument();
    await userEvent.click(within(second).getByRole('button', { name: 'Modifica' }));
    expect(edit).toHaveBeenCalledWith('m2');
  });

  it('an icon action is named by its label (its tooltip too), the icon hidden from screen readers', async () => {
    fakeApi(members(1));
    renderTable({ rowActions: () => [{ label: 'Elimina', onClick: () => {}, icon: <svg aria-hidden="true" /> }] });
    await screen.findByText('Cognome001');
    const button = within(nth(bodyRows(), 0)).getByRole('button', { name: 'Elimina' });
    expect(button).toHaveAttribute('title', 'Elimina');
    expect(button).toHaveClass('ui-table__icon-action');
  });

  it("keeps detail columns of a card behind 'Mostra dettagli', one row at a time", async () => {
    fakeApi(members(2));
    renderTable({ columns: COLUMNS.map((c) => (c.key === 'category.name' ? { ...c, detail: true } : c)) });
    await screen.findByText('Cognome001');
    const first = nth(bodyRows(), 0);
    const second = nth(bodyRows(), 1);
    expect(within(first).getByText('Amatori').closest('td')).toHaveClass('is-detail');
    const toggle = within(first).getByRole('button', { name: 'Mostra dettagli' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(first).toHaveClass('is-expanded');
    expect(within(first).getByRole('button', { name: 'Nascondi dettagli' })).toHaveAttribute('aria-expanded', 'true');
    expect(second).not.toHaveClass('is-expanded');
  });

  describe('download', () => {
    const createObjectURL = jest.fn(() => 'blob:export');
    let clicked: HTMLAnchorElement[];
    beforeEach(() => {
      clicked = [];
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = jest.fn();
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this);
      });
    });
    afterEach(() => jest.restoreAllMocks());

    it.each([
      ['EXCEL', 'xlsx'],
      ['CSV', 'csv'],
      ['PDF', 'pdf'],
    ])('%s exports the same query as %s', async (label, format) => {
      const calls = fakeApi(members(25), (url) =>
        url.pathname.endsWith('/export')
          ? { body: 'file', headers: { 'content-disposition': `attachment; filename="utenti.${format}"` } }
          : undefined,
      );
      renderTable({ filters: { active: true } });
      await screen.findByText('Cognome001');
      await userEvent.click(within(screen.getByRole('columnheader', { name: /Nome/ })).getByRole('button'));
      await userEvent.type(screen.getByPlaceholderText('Cerca qualcosa...'), 'Nome2');
      await waitFor(() => expect(lastCall(calls).searchParams.get('q')).toBe('Nome2'));
      await userEvent.click(screen.getByRole('button', { name: 'Scarica' }));
      await userEvent.click(screen.getByRole('menuitem', { name: label }));
      expect(await screen.findByText('File scaricato con successo!')).toBeInTheDocument();
      const exportCall = calls.find((u) => u.pathname === '/api/v1/user/export')!;
      expect(Object.fromEntries(exportCall.searchParams)).toEqual({ active: 'true', q: 'Nome2', sortBy: 'name', order: 'asc', format });
      expect(clicked.map((a) => a.download)).toEqual([`utenti.${format}`]);
    });

    it('a failed download says so', async () => {
      fakeApi(members(3), (url) => (url.pathname.endsWith('/export') ? { status: 404, body: { message: 'Not found' } } : undefined));
      renderTable();
      await screen.findByText('Cognome001');
      await userEvent.click(screen.getByRole('button', { name: 'Scarica' }));
      await userEvent.click(screen.getByRole('menuitem', { name: 'CSV' }));
      expect(await screen.findByText('Errore durante il download del file. Assicurati che il file sia disponibile e riprova.')).toBeInTheDocument();
      expect(clicked).toHaveLength(0);
    });

    it('can be left out', async () => {
      fakeApi(members(3));
      renderTable({ exportable: false });
      await screen.findByText('Cognome001');
      expect(screen.queryByRole('button', { name: 'Scarica' })).not.toBeInTheDocument();
    });
  });
});
