/** What the console says about a progressive rollout (issue 40): pure functions, tested on their own. */
import type { PlatformRelease, ReleaseEvent, RolloutAppEvidence, RolloutEvidence, RolloutPlan } from 'shared-api';

type Rollout = NonNullable<PlatformRelease['rollout']>;

/** A share as a person reads it: '12,5 %' (one decimal, comma). */
export const formatRate = (rate: number): string => `${(rate * 100).toFixed(1).replace('.', ',')} %`;

/** The sequential test's Λ: '2,4', or '> 1.000.000' past what reads as a number. */
export function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio) || ratio > 1_000_000) return '> 1.000.000';
  return ratio.toFixed(1).replace('.', ',');
}

/** 'Passo 2 di 4: 25 % dei membri collegati'. */
export const stepText = (r: Rollout): string => `Passo ${r.step + 1} di ${r.steps.length}: ${r.percent} % dei membri collegati`;

/** '5 % → 25 % → 50 % → 100 %, ogni passo almeno 60 minuti e 200 sessioni per parte'. */
export const planText = (r: Pick<RolloutPlan, 'steps' | 'holdMinutes' | 'minSessions'>): string =>
  `${r.steps.map((s) => `${s} %`).join(' → ')}, ogni passo almeno ${r.holdMinutes} ${r.holdMinutes === 1 ? 'minuto' : 'minuti'} e ${r.minSessions} ${r.minSessions === 1 ? 'sessione' : 'sessioni'} per parte`;

/** One side's rate with its 95 % interval: '10,0 % (3,5–25,6 %)'. */
export function rateText(withErrors: number, sessions: number, [low = 0, high = 0]: readonly number[]): string {
  const rate = sessions > 0 ? withErrors / sessions : 0;
  return `${formatRate(rate)} (${formatRate(low).replace(' %', '')}–${formatRate(high)})`;
}

/** What the next check will do on this evidence, in a sentence. */
export function verdictText(e: Pick<RolloutEvidence, 'enoughExposure' | 'regression' | 'alpha'>, minSessions: number): string {
  if (e.regression) return 'Regressione: la distribuzione sarà interrotta al prossimo controllo.';
  if (!e.enoughExposure) return `Esposizione insufficiente: servono almeno ${minSessions} sessioni per parte prima di decidere.`;
  return `Nessuna regressione finora (soglia di Λ: ${formatRatio(1 / e.alpha)}).`;
}

const ACTION_TEXT: Record<ReleaseEvent['action'], (percent: string) => string> = {
  start: (p) => `Avviata al ${p}`,
  advance: (p) => `Avanzata al ${p}`,
  pause: (p) => `In pausa al ${p}`,
  resume: (p) => `Ripresa al ${p}`,
  abort: (p) => `Interrotta al ${p}`,
  complete: () => 'Completata: in linea per tutti',
};

/** A decision of the history: 'Interrotta al 5 % · automatica' (who, or the server itself). */
export function eventText(e: Pick<ReleaseEvent, 'action' | 'percent' | 'by'>): string {
  const what = ACTION_TEXT[e.action](e.percent === null ? '—' : `${e.percent} %`);
  return `${what} · ${e.by ? e.by.name : 'automatica'}`;
}

/** One point of the chart: a step and the error rates of both sides over it. */
export interface StepPoint {
  label: string;
  rateNew: number;
  rateOld: number;
  sessionsNew: number;
  sessionsOld: number;
  /** The step still under way (its figures may change). */
  current: boolean;
  /** The step ended by an abort. */
  aborted: boolean;
}

type Figures = Record<string, unknown>;
const num = (f: Figures, key: string): number => (typeof f[key] === 'number' ? f[key] : 0);

/**
 * The chart's points: each step ended by a decision that kept its figures (the server's, and since issue 40's follow-up
 * an advance or abort by hand too), then the step under way (the evidence). An event without figures (one recorded
 * before they were kept by hand) has no point.
 */
export function stepPoints(events: readonly ReleaseEvent[], evidence: RolloutEvidence | null | undefined): StepPoint[] {
  const points: StepPoint[] = events
    .filter((e) => e.figures !== null && (e.action === 'advance' || e.action === 'abort' || e.action === 'complete'))
    .map((e) => {
      const f = e.figures as Figures;
      return {
        label: `${num(f, 'percent') || e.percent} %`,
        rateNew: num(f, 'rateNew'),
        rateOld: num(f, 'rateOld'),
        sessionsNew: num(f, 'newSessions'),
        sessionsOld: num(f, 'oldSessions'),
        current: false,
        aborted: e.action === 'abort',
      };
    });
  if (evidence)
    points.push({
      label: `${evidence.percent} %`,
      rateNew: evidence.rateNew,
      rateOld: evidence.rateOld,
      sessionsNew: evidence.newSessions,
      sessionsOld: evidence.oldSessions,
      current: true,
      aborted: false,
    });
  return points;
}

/** Compose form's steps: '5, 25, 50, 100' → [5, 25, 50, 100] (a word that is not a number stays NaN: refused). */
export const parseSteps = (text: string): number[] =>
  text
    .split(/[\s,;]+/)
    .filter((s) => s !== '')
    .map((s) => Number(s.replace('%', '')));

const isAppFigures = (a: unknown): a is RolloutAppEvidence =>
  typeof a === 'object' &&
  a !== null &&
  typeof (a as RolloutAppEvidence).app === 'string' &&
  ['newSessions', 'newMembers', 'newWithErrors', 'oldSessions', 'oldMembers', 'oldWithErrors'].every(
    (k) => typeof (a as unknown as Record<string, unknown>)[k] === 'number',
  ) &&
  Array.isArray((a as RolloutAppEvidence).intervalNew) &&
  Array.isArray((a as RolloutAppEvidence).intervalOld);

/**
 * The per-app figures kept by the last decision of the history (an advance, abort or completion), with the releases
 * compared and when; null when none kept them.
 */
export function appFiguresOf(
  events: readonly ReleaseEvent[],
): { apps: RolloutAppEvidence[]; newRelease: number; oldRelease: number; at: string } | null {
  for (const e of [...events].reverse()) {
    const f = e.figures;
    if (!f || !Array.isArray(f.apps) || typeof f.newRelease !== 'number' || typeof f.oldRelease !== 'number') continue;
    const apps = f.apps.filter(isAppFigures);
    if (apps.length > 0) return { apps, newRelease: f.newRelease, oldRelease: f.oldRelease, at: e.at };
  }
  return null;
}
