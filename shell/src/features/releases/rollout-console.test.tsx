/**
 * The releases console's progressive rollout (issue 40): the step and share, the evidence the server decides on, the
 * chart of the steps, the decisions; pause / resume / advance / abort, each confirmed (abort in red, with a reason);
 * 'Componi' starting a rollout with its steps, hold and minimum sessions.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlatformRelease, ReleaseEvent, RolloutEvidence } from 'shared-api';
import type { ApiCall } from 'shared-ui/testing/api';
import { loadRemoteComponent } from '../../remotes/runtime';
import { sessionUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';
import { appFiguresOf, formatRatio, stepPoints, verdictText } from './rollout-text';

jest.mock('../../remotes/runtime', () => ({ loadDomainRoutes: jest.fn(), loadRemoteComponent: jest.fn() }));
(loadRemoteComponent as jest.MockedFunction<typeof loadRemoteComponent>).mockResolvedValue((() => null) as never);

const LONG = { timeout: 10_000 };
const live: PlatformRelease = {
  number: 2,
  apps: { 'mf-registry': '0.1.0-aaaaaaaa', 'mf-booking': '0.1.0-bbbbbbbb' },
  kind: 'compose',
  basedOn: null,
  restores: null,
  note: null,
  createdBy: { id: 'u1', name: 'Anna Verdi' },
  createdAt: '2026-11-17T09:00:00.000Z',
  live: true,
  audience: null,
  preview: false,
  promotedAt: null,
  withdrawnAt: null,
};
const plan = { steps: [5, 25, 50, 100], holdMinutes: 60, minSessions: 30 };
const rolling: PlatformRelease = {
  ...live,
  number: 3,
  kind: 'preview',
  basedOn: 2,
  live: false,
  preview: true,
  apps: { ...live.apps, 'mf-booking': '0.2.0-cccccccc' },
  createdAt: '2026-11-18T08:00:00.000Z',
  rollout: { ...plan, step: 1, percent: 25, stepStartedAt: '2026-11-18T09:00:00.000Z', pausedAt: null },
};
const figures = {
  step: 0,
  percent: 5,
  since: '2026-11-18T08:00:00.000Z',
  newRelease: 3,
  oldRelease: 2,
  newSessions: 31,
  newMembers: 30,
  newWithErrors: 1,
  oldSessions: 400,
  oldMembers: 380,
  oldWithErrors: 8,
  rateNew: 1 / 31,
  rateOld: 0.02,
  intervalNew: [0.006, 0.16] as [number, number],
  intervalOld: [0.01, 0.039] as [number, number],
  likelihoodRatio: 0.4,
  alpha: 0.05,
  margin: 0.02,
  tau: 0.2,
};
const events: ReleaseEvent[] = [
  { at: '2026-11-18T08:00:00.000Z', action: 'start', step: 0, percent: 5, by: { id: 'u1', name: 'Anna Verdi' }, reason: null, figures: null },
  {
    at: '2026-11-18T09:00:00.000Z',
    action: 'advance',
    step: 1,
    percent: 25,
    by: null,
    reason: 'Passo del 5 % tenuto 60 minuti senza regressione: 3,2 % delle sessioni con errori',
    figures,
  },
];
const evidence: RolloutEvidence = {
  ...figures,
  step: 1,
  percent: 25,
  since: '2026-11-18T09:00:00.000Z',
  newSessions: 12,
  newMembers: 11,
  newWithErrors: 3,
  oldSessions: 90,
  oldMembers: 84,
  oldWithErrors: 2,
  rateNew: 0.25,
  rateOld: 2 / 90,
  intervalNew: [0.089, 0.532],
  intervalOld: [0.006, 0.078],
  likelihoodRatio: 3.1,
  enoughExposure: false,
  regression: false,
  apps: [
    {
      app: 'mf-booking',
      newVersion: '0.2.0-cccccccc',
      oldVersion: '0.1.0-bbbbbbbb',
      newSessions: 12,
      newMembers: 11,
      newWithErrors: 3,
      oldSessions: 90,
      oldMembers: 84,
      oldWithErrors: 2,
      rateNew: 0.25,
      rateOld: 2 / 90,
      intervalNew: [0.089, 0.532],
      intervalOld: [0.006, 0.078],
    },
    {
      app: 'mf-registry',
      newVersion: '0.2.0-dddddddd',
      oldVersion: '0.1.0-aaaaaaaa',
      newSessions: 10,
      newMembers: 10,
      newWithErrors: 0,
      oldSessions: 88,
      oldMembers: 82,
      oldWithErrors: 1,
      rateNew: 0,
      rateOld: 1 / 88,
      intervalNew: [0, 0.278],
      intervalOld: [0.002, 0.062],
    },
  ],
};
const detail = (r: PlatformRelease, extra: object = {}) => ({
  body: {
    release: r,
    errors: Object.entries(r.apps).map(([app, v]) => ({ app, version: v, count: 0, users: 0, first: null, last: null, topMessages: [] })),
    events: [],
    evidence: null,
    ...extra,
  },
});

function server(over: Record<string, unknown> = {}) {
  return {
    'GET /platform/releases': { body: { data: [rolling, live], live: 2, preview: 3 } },
    'GET /platform/versions': { body: { data: [], shell: null } },
    'GET /platform/releases/3': detail(rolling, { events, evidence }),
    'GET /platform/releases/2': detail(live),
    ...over,
  };
}
const admin = sessionUser({ permissions: ['*'] });

test('a rollout under way: its step and share, the evidence of both sides, the chart of the steps and every decision', async () => {
  renderApp('/platform/releases', { user: admin, api: server() });
  const card = await screen.findByRole('region', { name: 'In distribuzione' }, LONG);
  expect(within(card).getByRole('heading', { name: 'In distribuzione: release 3' })).toBeInTheDocument();
  const panel = await within(card).findByRole('region', { name: 'Distribuzione progressiva' }, LONG);
  expect(within(panel).getByText('Passo 2 di 4: 25 % dei membri collegati')).toBeInTheDocument();
  expect(within(panel).getByText('Passi: 5 % → 25 % → 50 % → 100 %, ogni passo almeno 60 minuti e 30 sessioni per parte')).toBeInTheDocument();
  const table = within(panel).getByRole('table', { name: /inizio del passo/ });
  const fresh = within(table).getByRole('row', { name: /3 \(nuova\)/ });
  expect(
    within(fresh)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['12', '11', '3', '25,0 % (8,9–53,2 %)']);
  const old = within(table).getByRole('row', { name: /2 \(in linea\)/ });
  expect(
    within(old)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['90', '84', '2', '2,2 % (0,6–7,8 %)']);
  expect(within(panel).getByText(/Λ = 3,1 · Esposizione insufficiente: servono almeno 30 sessioni per parte/)).toBeInTheDocument();
  // The chart: the step decided by the server (its figures kept) and the step under way.
  expect(
    within(panel).getByRole('img', {
      name: /Sessioni con errori per passo: 5 %: nuova 3,2 %, in linea 2,0 %; 25 % \(in corso\): nuova 25,0 %, in linea 2,2 %/,
    }),
  ).toBeInTheDocument();
  const decisions = within(panel).getByRole('list', { name: 'Decisioni' });
  expect(within(decisions).getByText('Avviata al 5 % · Anna Verdi')).toBeInTheDocument();
  expect(within(decisions).getByText('Avanzata al 25 % · automatica')).toBeInTheDocument();
  expect(within(decisions).getByText(/Passo del 5 % tenuto 60 minuti senza regressione/)).toBeInTheDocument();
  // A rollout is moved by its own actions, not the plain preview's.
  expect(within(card).queryByRole('button', { name: 'Metti in linea per tutti' })).not.toBeInTheDocument();
});

test('pause, advance and abort each ask first; abort says it cannot be undone and sends the reason', async () => {
  const { server: api } = renderApp('/platform/releases', {
    user: admin,
    api: server({
      'POST /platform/releases/3/pause': { body: { ...rolling, rollout: { ...rolling.rollout!, pausedAt: '2026-11-18T09:30:00.000Z' } } },
      'POST /platform/releases/3/advance': { body: { ...rolling, rollout: { ...rolling.rollout!, step: 2, percent: 50 } } },
      'POST /platform/releases/3/abort': { body: { ...rolling, preview: false, withdrawnAt: '2026-11-18T09:40:00.000Z' } },
    }),
  });
  const panel = await screen.findByRole('region', { name: 'Distribuzione progressiva' }, LONG);
  await userEvent.click(within(panel).getByRole('button', { name: 'Metti in pausa' }));
  const pause = await screen.findByRole('dialog', { name: 'Metti in pausa' });
  expect(api.callsTo('POST /platform/releases/3/pause')).toHaveLength(0);
  await userEvent.click(within(pause).getByRole('button', { name: 'Metti in pausa' }));
  await waitFor(() => expect(api.callsTo('POST /platform/releases/3/pause')).toHaveLength(1));
  expect(api.callsTo('POST /platform/releases/3/pause')[0]!.body).toEqual({});
  expect(await screen.findByText('Distribuzione della release 3 in pausa')).toBeInTheDocument();

  await userEvent.click(within(panel).getByRole('button', { name: 'Passo successivo' }));
  await userEvent.click(
    within(await screen.findByRole('dialog', { name: 'Passa al passo successivo' })).getByRole('button', { name: 'Passo successivo' }),
  );
  expect(await screen.findByText('Release 3 al 50 %')).toBeInTheDocument();

  await userEvent.click(within(panel).getByRole('button', { name: 'Interrompi' }));
  const abort = await screen.findByRole('dialog', { name: 'Interrompi la distribuzione' });
  expect(abort).toHaveTextContent('La distribuzione della release 3 viene interrotta e non potrà essere ripresa');
  await userEvent.type(within(abort).getByLabelText('Motivo (facoltativo)'), 'errori nelle prenotazioni');
  await userEvent.click(within(abort).getByRole('button', { name: 'Interrompi' }));
  await waitFor(() => expect(api.callsTo('POST /platform/releases/3/abort')).toHaveLength(1));
  expect(api.callsTo('POST /platform/releases/3/abort')[0]!.body).toEqual({ reason: 'errori nelle prenotazioni' });
  expect(await screen.findByText('Distribuzione della release 3 interrotta')).toBeInTheDocument();
});

test('Componi starts a progressive rollout: steps, hold and minimum sessions checked, the plan said before it starts', async () => {
  const { server: api } = renderApp('/platform/releases', {
    user: admin,
    api: {
      ...server(),
      'GET /platform/releases': { body: { data: [live], live: 2, preview: null } },
      'GET /platform/versions': {
        body: {
          data: [
            {
              app: 'mf-booking',
              version: '0.2.0-cccccccc',
              publishedAt: null,
              publishedBy: null,
              name: null,
              shared: null,
              exposes: null,
              buildVersion: null,
              remoteEntry: null,
              problem: null,
              bytes: 1,
            },
          ],
          shell: null,
        },
      },
      'POST /platform/releases': (call: ApiCall) => {
        const body = call.body as { apps: Record<string, string>; dryRun?: boolean; rollout?: typeof plan };
        const release = {
          ...rolling,
          number: body.dryRun ? null : 3,
          rollout: body.rollout ? { ...body.rollout, step: 0, percent: body.rollout.steps[0]!, stepStartedAt: null, pausedAt: null } : null,
        };
        return { status: body.dryRun ? 200 : 201, body: { dryRun: Boolean(body.dryRun), release, health: null, rolledBackTo: null } };
      },
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Componi' }, LONG));
  const dialog = await screen.findByRole('dialog', { name: 'Componi una release' }, LONG);
  const booking = within(dialog).getByLabelText(/\(mf-booking\)/);
  await within(booking).findByRole('option', { name: /^0\.2\.0-cccccccc/ });
  await userEvent.selectOptions(booking, '0.2.0-cccccccc');
  await userEvent.click(within(dialog).getByLabelText('Distribuzione progressiva, a passi'));
  const steps = within(dialog).getByLabelText(/Passi \(% dei membri\)/);
  expect(steps).toHaveValue('5, 25, 50, 100');
  await userEvent.clear(steps);
  await userEvent.type(steps, '10, 50');
  expect(await within(dialog).findByText("L'ultimo passo deve essere 100")).toBeInTheDocument();
  const start = within(dialog).getByRole('button', { name: 'Avvia la distribuzione' });
  expect(start).toBeDisabled();
  await userEvent.type(steps, ', 100');
  const sessions = within(dialog).getByLabelText(/Sessioni minime per parte/);
  await userEvent.clear(sessions);
  await userEvent.type(sessions, '50');
  await waitFor(() => expect(start).toBeEnabled());
  await userEvent.click(start);
  const confirm = await screen.findByRole('dialog', { name: 'Avvia la distribuzione' });
  expect(confirm).toHaveTextContent(
    'La release va ai membri collegati a passi: 10 % → 50 % → 100 %, ogni passo almeno 60 minuti e 50 sessioni per parte.',
  );
  expect(within(confirm).getByText('mf-booking: 0.1.0-bbbbbbbb → 0.2.0-cccccccc')).toBeInTheDocument();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Avvia la distribuzione' }));
  expect(await screen.findByText('Release 3 in distribuzione al 10 %')).toBeInTheDocument();
  const sent = api.callsTo('POST /platform/releases').filter((c) => !(c.body as { dryRun?: boolean }).dryRun);
  expect(sent.map((c) => c.body)).toEqual([
    { apps: { 'mf-booking': '0.2.0-cccccccc' }, rollout: { steps: [10, 50, 100], holdMinutes: 60, minSessions: 50 } },
  ]);
});

test('an aborted rollout: its release says why in the history, and its reports show the decision with the figures', async () => {
  const aborted: PlatformRelease = {
    ...rolling,
    preview: false,
    withdrawnAt: '2026-11-18T09:40:00.000Z',
    note: 'Distribuzione interrotta al 25 %: Regressione: 25,0 % delle sessioni con errori',
  };
  const abortEvent: ReleaseEvent = {
    at: '2026-11-18T09:40:00.000Z',
    action: 'abort',
    step: 1,
    percent: 25,
    by: null,
    reason: 'Regressione: 25,0 % delle sessioni con errori',
    figures: { ...figures, percent: 25, rateNew: 0.25 },
  };
  renderApp('/platform/releases', {
    user: admin,
    api: server({
      'GET /platform/releases': { body: { data: [aborted, live], live: 2, preview: null } },
      'GET /platform/releases/3': detail(aborted, { events: [...events, abortEvent], evidence: null }),
    }),
  });
  const history = await screen.findByRole('table', { name: 'Storico delle release' }, LONG);
  const row = (await within(history).findByText(/^Distribuzione interrotta al 25 %: Regressione/)).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Segnalazioni' }));
  const modal = await screen.findByRole('dialog', { name: 'Segnalazioni della release 3' }, LONG);
  const panel = await within(modal).findByRole('region', { name: 'Distribuzione progressiva' });
  expect(within(panel).getByText('Interrotta al 25 %')).toBeInTheDocument();
  expect(within(panel).getByText('Interrotta al 25 % · automatica')).toBeInTheDocument();
  expect(within(panel).getByRole('img', { name: /25 %: nuova 25,0 %, in linea 2,0 %/ })).toBeInTheDocument();
  expect(within(panel).queryByRole('button', { name: 'Interrompi' })).not.toBeInTheDocument();
});

test('the chart takes the steps the server decided and the step under way; Λ and the verdict in words', () => {
  expect(stepPoints(events, null).map((p) => [p.label, p.current])).toEqual([['5 %', false]]);
  expect(stepPoints(events, evidence).map((p) => [p.label, p.rateNew, p.current])).toEqual([
    ['5 %', 1 / 31, false],
    ['25 %', 0.25, true],
  ]);
  expect(formatRatio(25.93)).toBe('25,9');
  expect(formatRatio(Number.MAX_VALUE)).toBe('> 1.000.000');
  expect(verdictText({ enoughExposure: true, regression: true, alpha: 0.05 }, 30)).toBe(
    'Regressione: la distribuzione sarà interrotta al prossimo controllo.',
  );
  expect(verdictText({ enoughExposure: true, regression: false, alpha: 0.05 }, 30)).toBe('Nessuna regressione finora (soglia di Λ: 20,0).');
});

/** The cells of a table's rows, headers included, as text: what a screen reader reads row by row. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));

test('the evidence per app: each changed app, both sides, sessions, members, sessions with errors and both rates with their interval', async () => {
  renderApp('/platform/releases', { user: admin, api: server() });
  const panel = await screen.findByRole('region', { name: 'Distribuzione progressiva' }, LONG);
  const region = within(panel).getByRole('region', { name: 'Evidenza per app' });
  const table = within(region).getByRole('table', { name: /^Per app, dal / });
  expect(rowsOf(table)).toEqual([
    ['App', 'Release', 'Versione', 'Sessioni servite', 'Membri', 'Con errori', 'Tasso (intervallo 95 %)'],
    ['mf-booking', '3 (nuova)', '0.2.0-cccccccc', '12', '11', '3', '25,0 % (8,9–53,2 %)'],
    ['2 (in linea)', '0.1.0-bbbbbbbb', '90', '84', '2', '2,2 % (0,6–7,8 %)'],
    ['mf-registry', '3 (nuova)', '0.2.0-dddddddd', '10', '10', '0', '0,0 % (0,0–27,8 %)'],
    ['2 (in linea)', '0.1.0-aaaaaaaa', '88', '82', '1', '1,1 % (0,2–6,2 %)'],
  ]);
  // Each app's two rows are a group under its name; the table's region takes the focus (scrolled with the keyboard).
  const booking = within(table).getByRole('rowheader', { name: 'mf-booking' });
  expect(booking).toHaveAttribute('scope', 'rowgroup');
  expect(booking).toHaveAttribute('rowspan', '2');
  for (let i = 0; i < 200 && document.activeElement !== region; i++) await userEvent.tab();
  expect(region).toHaveFocus();
});

test('a step advanced by hand keeps its evidence: a bar in the chart, and the per-app figures once the rollout is over', async () => {
  const byHand: ReleaseEvent = {
    at: '2026-11-18T09:20:00.000Z',
    action: 'advance',
    step: 2,
    percent: 50,
    by: { id: 'u1', name: 'Anna Verdi' },
    reason: 'avanti a mano',
    figures: { ...evidence, enoughExposure: undefined, regression: undefined },
  };
  const done: PlatformRelease = { ...rolling, preview: false, withdrawnAt: '2026-11-18T09:40:00.000Z', note: 'Distribuzione interrotta al 50 %' };
  renderApp('/platform/releases', {
    user: admin,
    api: server({
      'GET /platform/releases': { body: { data: [done, live], live: 2, preview: null } },
      'GET /platform/releases/3': detail(done, { events: [...events, byHand], evidence: null }),
    }),
  });
  const history = await screen.findByRole('table', { name: 'Storico delle release' }, LONG);
  const row = (await within(history).findByText(/^Distribuzione interrotta al 50 %/)).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Segnalazioni' }));
  const modal = await screen.findByRole('dialog', { name: 'Segnalazioni della release 3' }, LONG);
  const panel = await within(modal).findByRole('region', { name: 'Distribuzione progressiva' });
  // The step at 25 % ended by hand has its bar beside the one the server decided.
  const chart = within(panel).getByRole('img', { name: /5 %: nuova 3,2 %, in linea 2,0 %; 25 %: nuova 25,0 %, in linea 2,2 %$/ });
  expect(chart.querySelectorAll('rect')).toHaveLength(4);
  expect(within(panel).getByText('Avanzata al 50 % · Anna Verdi')).toBeInTheDocument();
  const table = within(panel).getByRole('table', { name: /^Per app, all'ultima decisione/ });
  expect(rowsOf(table)[1]).toEqual(['mf-booking', '3 (nuova)', '0.2.0-cccccccc', '12', '11', '3', '25,0 % (8,9–53,2 %)']);
  expect(stepPoints([byHand], null).map((p) => [p.label, p.sessionsNew, p.current])).toEqual([['25 %', 12, false]]);
  expect(appFiguresOf(events)).toBeNull();
});
