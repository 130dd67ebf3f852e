/**
 * The guarded comparison's evidence for a rollout's step (issue 40): since the step began, the sessions served the
 * rollout's release (new) and the live one (old), their members, those sessions that reported an error of an app the
 * rollout changes, both rates with their 95 % intervals and the verdict — over the changed apps together (what the
 * check decides on) and per app (what the console shows beside it). Kept in the history's event of every decision,
 * automatic or by hand, as `figures`.
 */
import type { ExposureRepository } from './exposures';
import type { ReleaseRow } from './repository';
import { GUARD, type Verdict, compareArms, wilson } from './rollout';

/** Both sides of a comparison: the sessions served each release, their members, those that reported an error. */
type ArmFigures = {
  newSessions: number;
  newMembers: number;
  newWithErrors: number;
  oldSessions: number;
  oldMembers: number;
  oldWithErrors: number;
  rateNew: number;
  rateOld: number;
  intervalNew: [number, number];
  intervalOld: [number, number];
};

/** One changed app's figures on both sides. */
export type AppFigures = ArmFigures & { app: string; newVersion: string; oldVersion: string | null };

// A type, not an interface: it is kept as an event's figures (a Record<string, unknown>).
export type RolloutFigures = ArmFigures & {
  step: number;
  percent: number;
  since: string;
  newRelease: number;
  oldRelease: number;
  likelihoodRatio: number;
  alpha: number;
  margin: number;
  tau: number;
  apps: AppFigures[];
};

const rate = (withErrors: number, sessions: number) => (sessions > 0 ? withErrors / sessions : 0);

/** The evidence of `preview`'s step under way against `live` (three statements, whatever the sessions and apps). */
export async function rolloutFigures(
  exposures: ExposureRepository,
  preview: ReleaseRow,
  live: ReleaseRow,
): Promise<{ since: Date; verdict: Verdict; figures: RolloutFigures }> {
  const plan = preview.rollout!;
  const step = preview.rollout_step ?? 0;
  const since = preview.rollout_step_at ?? preview.created_at;
  const changed = Object.keys(preview.apps)
    .filter((app) => preview.apps[app] !== live.apps[app])
    .sort();
  const fresh = await exposures.arm(preview.number, changed, since);
  const old = await exposures.arm(live.number, changed, since);
  const verdict = compareArms(fresh, old, plan.minSessions);
  const byApp = await exposures.armsByApp([preview.number, live.number], changed, since);
  const side = (release: number, app: string) =>
    byApp.find((r) => r.release === release && r.app === app) ?? { sessions: 0, members: 0, withErrors: 0 };
  const apps = changed.map((app): AppFigures => {
    const n = side(preview.number, app);
    const o = side(live.number, app);
    return {
      app,
      newVersion: preview.apps[app]!,
      oldVersion: live.apps[app] ?? null,
      newSessions: n.sessions,
      newMembers: n.members,
      newWithErrors: n.withErrors,
      oldSessions: o.sessions,
      oldMembers: o.members,
      oldWithErrors: o.withErrors,
      rateNew: rate(n.withErrors, n.sessions),
      rateOld: rate(o.withErrors, o.sessions),
      intervalNew: wilson(n.withErrors, n.sessions),
      intervalOld: wilson(o.withErrors, o.sessions),
    };
  });
  const figures: RolloutFigures = {
    step,
    percent: plan.steps[step] ?? 100,
    since: since.toISOString(),
    newRelease: preview.number,
    oldRelease: live.number,
    newSessions: fresh.sessions,
    newMembers: fresh.members,
    newWithErrors: fresh.withErrors,
    oldSessions: old.sessions,
    oldMembers: old.members,
    oldWithErrors: old.withErrors,
    rateNew: verdict.rateNew,
    rateOld: verdict.rateOld,
    intervalNew: verdict.intervalNew,
    intervalOld: verdict.intervalOld,
    // Λ overflows to Infinity when one side is all errors and the other none: JSON (the event's, the answer's) has none.
    likelihoodRatio: Math.min(verdict.likelihoodRatio, Number.MAX_VALUE),
    ...GUARD,
    apps,
  };
  return { since, verdict, figures };
}
