import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlatformRelease, PublishedVersion } from 'shared-api';
import type { ApiCall } from 'shared-ui/testing/api';
import { loadRemoteComponent } from '../../remotes/runtime';
import { sessionUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

jest.mock('../../remotes/runtime', () => ({
  loadSlotOfferers: jest.fn(async () => []),
  loadSlot: jest.fn(),
  loadDomainRoutes: jest.fn(),
  loadRemoteComponent: jest.fn(),
}));
(loadRemoteComponent as jest.MockedFunction<typeof loadRemoteComponent>).mockResolvedValue((() => null) as never);

const LONG = { timeout: 10_000 };
const base: PlatformRelease = {
  number: 1,
  apps: { 'mf-registry': '0.1.0-aaaaaaaa', 'mf-booking': '0.1.0-bbbbbbbb' },
  kind: 'initial',
  basedOn: null,
  restores: null,
  note: 'Build locali pubblicate all’avvio',
  createdBy: null,
  createdAt: '2026-11-17T09:00:00.000Z',
  live: false,
  audience: null,
  preview: false,
  promotedAt: null,
  withdrawnAt: null,
};
const second: PlatformRelease = {
  ...base,
  number: 2,
  kind: 'compose',
  basedOn: 1,
  note: null,
  apps: { ...base.apps, 'mf-registry': '0.2.0-cccccccc' },
  createdBy: { id: 'u1', name: 'Anna Verdi' },
  createdAt: '2026-11-18T08:00:00.000Z',
  live: true,
};
const version = (app: string, v: string, bytes: number): PublishedVersion => ({
  app,
  version: v,
  publishedAt: '2026-11-17T08:00:00.000Z',
  publishedBy: 'Anna Verdi',
  name: null,
  shared: null,
  exposes: null,
  buildVersion: null,
  remoteEntry: null,
  problem: null,
  bytes,
});
const detail = (r: PlatformRelease, count = 0) => ({
  body: {
    release: r,
    errors: Object.entries(r.apps).map(([app, v]) => ({
      app,
      version: v,
      count: app === 'mf-registry' ? count : 0,
      users: app === 'mf-registry' ? count : 0,
      first: null,
      last: null,
      topMessages: [],
    })),
  },
});

function platformServer() {
  return {
    'GET /platform/releases': { body: { data: [second, base], live: 2, preview: null } },
    'GET /platform/versions': {
      body: {
        data: [
          version('mf-registry', '0.3.0-dddddddd', 13_000),
          version('mf-registry', '0.2.0-cccccccc', 12_700),
          version('mf-registry', '0.1.0-aaaaaaaa', 11_000),
          version('mf-booking', '0.1.0-bbbbbbbb', 900),
        ],
        shell: null,
      },
    },
    'GET /platform/releases/2': detail(second, 2),
    'GET /platform/releases/1': detail(base),
  };
}

const admin = sessionUser({ permissions: ['*'] });

test("the page shows the live release, the history with what changed and the reports, the versions with their size; only '*' or platform_access see 'Rilasci'", async () => {
  renderApp('/platform/releases', { user: admin, api: platformServer() });
  expect(await screen.findByRole('heading', { name: 'In linea: release 2' }, LONG)).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'In linea' })).getByText('0.2.0-cccccccc')).toBeInTheDocument();
  const history = await screen.findByRole('table', { name: 'Storico delle release' });
  const row2 = (await within(history).findByText('mf-registry: 0.1.0-aaaaaaaa → 0.2.0-cccccccc')).closest('tr')!;
  expect(within(row2).getByText('Anna Verdi')).toBeInTheDocument();
  expect(await within(row2).findByText('mf-registry: 2 segnalazioni da 2 utenti')).toBeInTheDocument();
  // The live release has no 'Ripristina'; the earlier one has.
  expect(within(row2).queryByRole('button', { name: 'Ripristina' })).not.toBeInTheDocument();
  const versions = screen.getByRole('table', { name: 'Versioni pubblicate' });
  expect(await within(versions).findByText('12,4 KB')).toBeInTheDocument();
  expect(within(screen.getByTestId('top-nav')).getByRole('link', { name: 'Rilasci' })).toHaveAttribute('href', '/platform/releases');
});

test('a member without platform_access is sent home and sees no Rilasci link', async () => {
  renderApp('/platform/releases', { user: sessionUser({ permissions: ['registry_access'] }), api: platformServer() });
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/), LONG);
  expect(screen.queryByRole('link', { name: 'Rilasci' })).not.toBeInTheDocument();
});

test('Componi: the dry run answers before Metti in linea, a refusal lists its reasons, the confirmed set goes live', async () => {
  const { server: api } = renderApp('/platform/releases', {
    user: admin,
    api: {
      ...platformServer(),
      'POST /platform/releases': (call: ApiCall) => {
        const body = call.body as { apps: Record<string, string>; dryRun?: boolean };
        if (body.apps['mf-registry'] === '0.1.0-aaaaaaaa' && body.dryRun)
          return {
            status: 422,
            body: {
              code: 'RELEASE_REFUSED',
              message: 'La release non può andare in linea',
              reasons: [
                {
                  app: 'mf-registry',
                  version: '0.1.0-aaaaaaaa',
                  dependency: 'react',
                  required: '^17.0.0',
                  provided: '19.3.0',
                  message: 'richiede react ^17.0.0',
                },
              ],
            },
          };
        const release = { ...second, number: body.dryRun ? null : 3, apps: { ...second.apps, ...body.apps }, live: !body.dryRun };
        return { status: body.dryRun ? 200 : 201, body: { dryRun: Boolean(body.dryRun), release, health: null, rolledBackTo: null } };
      },
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Componi' }, LONG));
  const dialog = await screen.findByRole('dialog', { name: 'Componi una release' }, LONG);
  expect(within(dialog).getByText('Indica almeno una app e la sua versione')).toBeInTheDocument();
  const putLive = within(dialog).getByRole('button', { name: 'Metti in linea' });
  expect(putLive).toBeDisabled();

  const registry = within(dialog).getByLabelText('Anagrafica (mf-registry)');
  await within(registry).findByRole('option', { name: /^0\.1\.0-aaaaaaaa · pubblicata il 17\/11\/2026 09:00 da Anna Verdi$/ });
  await userEvent.selectOptions(registry, '0.1.0-aaaaaaaa');
  expect(await within(dialog).findByText('mf-registry 0.1.0-aaaaaaaa: richiede react ^17.0.0')).toBeInTheDocument();
  expect(putLive).toBeDisabled();

  await userEvent.selectOptions(registry, '0.3.0-dddddddd');
  expect(await within(dialog).findByText(/Controllo dell'insieme superato/)).toBeInTheDocument();
  await waitFor(() => expect(putLive).toBeEnabled());
  expect(api.callsTo('POST /platform/releases').every((c) => (c.body as { dryRun?: boolean }).dryRun)).toBe(true);
  await userEvent.click(putLive);
  const confirm = await screen.findByRole('dialog', { name: 'Metti in linea' });
  expect(within(confirm).getByText('mf-registry: 0.2.0-cccccccc → 0.3.0-dddddddd')).toBeInTheDocument();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Metti in linea' }));
  expect(await screen.findByText('Release 3 in linea')).toBeInTheDocument();
  const sent = api.callsTo('POST /platform/releases').filter((c) => !(c.body as { dryRun?: boolean }).dryRun);
  expect(sent.map((c) => c.body)).toEqual([{ apps: { 'mf-registry': '0.3.0-dddddddd' } }]);
});

test('Ripristina an earlier release asks, then rolls back to it', async () => {
  const { server } = renderApp('/platform/releases', {
    user: admin,
    api: {
      ...platformServer(),
      'POST /platform/releases/rollback': { status: 201, body: { ...base, number: 3, kind: 'rollback', restores: 1, live: true } },
    },
  });
  const history = await screen.findByRole('table', { name: 'Storico delle release' }, LONG);
  const row1 = (await within(history).findByText('mf-booking: 0.1.0-bbbbbbbb')).closest('tr')!;
  await userEvent.click(within(row1).getByRole('button', { name: 'Ripristina' }));
  const confirm = await screen.findByRole('dialog', { name: 'Ripristina la release' });
  expect(server.callsTo('POST /platform/releases/rollback')).toHaveLength(0);
  await userEvent.click(within(confirm).getByRole('button', { name: 'Ripristina' }));
  await waitFor(() => expect(server.callsTo('POST /platform/releases/rollback')).toHaveLength(1));
  expect(server.callsTo('POST /platform/releases/rollback')[0]!.body).toEqual({ to: 1 });
  expect(await screen.findByText('Release 1 ripristinata: ora in linea come release 3')).toBeInTheDocument();
});

test('Ripristina on a preview withdrawn for its errors warns and says why before asking (issue 44 item 8)', async () => {
  const withdrawn: PlatformRelease = {
    ...base,
    number: 3,
    kind: 'preview',
    basedOn: 2,
    apps: { ...base.apps, 'mf-registry': '0.3.0-dddddddd' },
    audience: { categories: ['c1'] },
    withdrawnAt: '2026-11-19T08:00:00.000Z',
    note: 'Ritirata: 12 segnalazioni di errore in 10 minuti',
    createdAt: '2026-11-19T07:00:00.000Z',
  };
  renderApp('/platform/releases', {
    user: admin,
    api: {
      ...platformServer(),
      'GET /platform/releases': { body: { data: [withdrawn, second, base], live: 2, preview: null } },
      'GET /platform/releases/3': detail(withdrawn, 12),
    },
  });
  const history = await screen.findByRole('table', { name: 'Storico delle release' }, LONG);
  const row3 = (await within(history).findByText('mf-registry: 0.2.0-cccccccc → 0.3.0-dddddddd')).closest('tr')!;
  await userEvent.click(within(row3).getByRole('button', { name: 'Ripristina' }));
  const confirm = await screen.findByRole('dialog', { name: 'Ripristina la release' });
  expect(within(confirm).getByRole('alert')).toHaveTextContent(
    "Attenzione: la release 3 è un'anteprima ritirata. Motivo: Ritirata: 12 segnalazioni di errore in 10 minuti Controlla le segnalazioni prima di rimetterla in linea per tutti.",
  );
  await userEvent.click(within(confirm).getByRole('button', { name: 'Annulla' }));
  // An ordinary earlier release asks without a warning.
  const row1 = (await within(history).findByText('mf-booking: 0.1.0-bbbbbbbb')).closest('tr')!;
  await userEvent.click(within(row1).getByRole('button', { name: 'Ripristina' }));
  expect(within(await screen.findByRole('dialog', { name: 'Ripristina la release' })).queryByRole('alert')).not.toBeInTheDocument();
});
