import type { PlatformRelease } from 'shared-api';
import { composePayload } from 'shared-api/contract';
import {
  ROLLOUT_DEFAULTS,
  changesOf,
  composeInput,
  formatBytes,
  kindLabel,
  outcomeOf,
  reasonText,
  releaseState,
  reportSummary,
  stateTone,
  versionLabel,
} from './release-text';

const release = (over: Partial<PlatformRelease>): PlatformRelease => ({
  number: 1,
  apps: {},
  kind: 'compose',
  basedOn: null,
  restores: null,
  note: null,
  createdBy: null,
  createdAt: '2026-11-18T09:00:00.000Z',
  live: false,
  audience: null,
  preview: false,
  promotedAt: null,
  withdrawnAt: null,
  ...over,
});

test('what a release changed against the one it was based on; the first lists every app', () => {
  const first = release({ number: 1, apps: { 'mf-registry': 'a', 'mf-booking': 'b' } });
  const second = release({ number: 2, basedOn: 1, apps: { 'mf-registry': 'c', 'mf-booking': 'b', 'mf-storage': 's' } });
  const byNumber = new Map([first, second].map((r) => [r.number, r]));
  expect(changesOf(first, byNumber)).toEqual(['mf-booking: b', 'mf-registry: a']);
  expect(changesOf(second, byNumber)).toEqual(['mf-registry: a → c', 'mf-storage: s']);
  // Based on a release no longer listed: every app, as for a first one.
  expect(changesOf(release({ basedOn: 99, apps: { x: '1' } }), byNumber)).toEqual(['x: 1']);
});

test("the history's outcome: the note, an automatic rollback that took it back, a preview promoted or withdrawn", () => {
  const bad = release({ number: 5 });
  const back = release({ number: 6, kind: 'auto-rollback', basedOn: 5, note: 'Ripristino automatico: 3 utenti hanno segnalato errori' });
  expect(outcomeOf(bad, [back, bad])).toEqual(['Ripristinata automaticamente con la release 6']);
  expect(outcomeOf(back, [back, bad])).toEqual(['Ripristino automatico: 3 utenti hanno segnalato errori']);
  expect(outcomeOf(release({ kind: 'preview', promotedAt: '2026-11-18T10:00:00.000Z' }), [])).toEqual(['Messa in linea per tutti']);
  expect(outcomeOf(release({ kind: 'preview', withdrawnAt: '2026-11-18T10:00:00.000Z' }), [])).toEqual(['Ritirata']);
  expect(releaseState(release({ live: true }))).toBe('In linea');
  expect(releaseState(release({ preview: true }))).toBe('In anteprima');
  expect(releaseState(release({ withdrawnAt: '2026-11-18T10:00:00.000Z' }))).toBe('Ritirata');
  expect(releaseState(release({}))).toBe('');
});

test("a progressive rollout has its own labels: 'Rilascio graduale' in corso, in pausa, interrotto, completato", () => {
  const plan = { steps: [5, 25, 100], holdMinutes: 60, minSessions: 30, step: 1, percent: 25, stepStartedAt: null, pausedAt: null };
  const rollout = (over: Partial<PlatformRelease>) => release({ kind: 'preview', rollout: plan, ...over });
  const aborted = rollout({ withdrawnAt: '2026-11-18T10:00:00.000Z', note: 'Distribuzione interrotta al 25 %: Regressione' });
  expect([kindLabel(aborted), releaseState(aborted), stateTone(aborted)]).toEqual(['Rilascio graduale', 'Interrotto', 'warning']);
  expect(releaseState(rollout({ preview: true }))).toBe('In corso al 25 %');
  expect(releaseState(rollout({ preview: true, rollout: { ...plan, pausedAt: '2026-11-18T10:00:00.000Z' } }))).toBe('In pausa al 25 %');
  const done = rollout({ promotedAt: '2026-11-18T11:00:00.000Z', live: true });
  expect([releaseState(done), stateTone(done)]).toEqual(['Completato · in linea', 'success']);
  const replaced = { ...done, live: false };
  expect([releaseState(replaced), stateTone(replaced)]).toEqual(['Completato', null]);
  expect(outcomeOf(rollout({ withdrawnAt: '2026-11-18T10:00:00.000Z' }), [])).toEqual(['Interrotto']);
  // A plain preview keeps its own.
  const preview = release({ kind: 'preview', withdrawnAt: '2026-11-18T10:00:00.000Z' });
  expect([kindLabel(preview), releaseState(preview)]).toEqual(['Anteprima', 'Ritirata']);
});

test('the compose form sends only the apps that change, and the audience of a preview', () => {
  const live = { 'mf-registry': 'a', 'mf-booking': 'b' };
  const now = { rollout: false, ...ROLLOUT_DEFAULTS };
  expect(
    composeInput({ apps: { 'mf-registry': 'c', 'mf-booking': 'b', 'mf-storage': '' }, preview: false, categories: ['x'], ...now }, live),
  ).toEqual({
    apps: { 'mf-registry': 'c' },
  });
  expect(composeInput({ apps: { 'mf-registry': 'a' }, preview: true, categories: ['cat'], ...now }, live)).toEqual({
    apps: {},
    audience: { categories: ['cat'] },
  });
});

test('a progressive rollout: the steps as typed, hold and minimum sessions; a wrong figure is refused in Italian', () => {
  const live = { 'mf-booking': 'b' };
  const values = {
    apps: { 'mf-booking': 'c' },
    preview: false,
    categories: [],
    rollout: true,
    steps: '5, 25 50;100%',
    holdMinutes: '30',
    minSessions: '1.000',
  };
  expect(composeInput(values, live)).toEqual({
    apps: { 'mf-booking': 'c' },
    rollout: { steps: [5, 25, 50, 100], holdMinutes: 30, minSessions: 1000 },
  });
  const refused = (v: Partial<typeof values>) => composePayload.safeParse(composeInput({ ...values, ...v }, live)).error?.issues[0]?.message;
  expect(refused({ steps: '5, 25, 50' })).toBe("L'ultimo passo deve essere 100");
  expect(refused({ steps: '50, 25, 100' })).toBe('I passi devono crescere');
  expect(refused({ steps: '5, dieci, 100' })).toBe('Ogni passo è una percentuale tra 1 e 100');
  expect(refused({ holdMinutes: '' })).toBe('Indica i minuti di ogni passo');
  expect(refused({ minSessions: '0' })).toBe('Almeno 1 sessione');
});

test('sizes, report counts and refusal reasons in words', () => {
  expect(formatBytes(null)).toBe('—');
  expect(formatBytes(812)).toBe('812 B');
  expect(formatBytes(12_700)).toBe('12,4 KB');
  expect(formatBytes(3.1 * 1024 * 1024)).toBe('3,1 MB');
  expect(reportSummary({ count: 0, users: 0 })).toBe('Nessuna segnalazione');
  expect(reportSummary({ count: 1, users: 1 })).toBe('1 segnalazione da 1 utente');
  expect(reportSummary({ count: 4, users: 3 })).toBe('4 segnalazioni da 3 utenti');
  const reason = {
    app: 'mf-registry',
    version: '0.1.0-aa',
    dependency: 'react',
    required: '^17.0.0',
    provided: '19.3.0',
    message: 'richiede react ^17.0.0',
  };
  expect(reasonText(reason)).toBe('mf-registry 0.1.0-aa: richiede react ^17.0.0');
  expect(reasonText({ ...reason, app: '*', version: null, message: 'già in linea' })).toBe('già in linea');
});

test('a version is offered with when and by whom it was published, not as a bare code (issue 44 item 8)', () => {
  const v = { version: '0.2.0-cccccccc', publishedAt: '2026-11-17T08:00:00.000Z', publishedBy: 'Anna Verdi' };
  expect(versionLabel(v)).toBe('0.2.0-cccccccc · pubblicata il 17/11/2026 09:00 da Anna Verdi');
  expect(versionLabel(v, '0.2.0-cccccccc')).toBe('0.2.0-cccccccc · pubblicata il 17/11/2026 09:00 da Anna Verdi (in linea)');
  expect(versionLabel({ version: '0.1.0-aaaaaaaa', publishedAt: null, publishedBy: null })).toBe('0.1.0-aaaaaaaa');
});
