/**
 * The progressive rollout's arithmetic (issue 40), pure: which members a step serves (sticky by a hash of the member
 * and the release) and the guarded comparison's sequential test. docs/releases.md explains both with a worked example.
 */
import { createHash } from 'node:crypto';

/** The progressive rollout's check on the job runner, every minute (issue 40). */
export const PLATFORM_ROLLOUT_JOB = 'platform.rollout-check';

export interface RolloutPlan {
  /** Percentages of signed-in members, increasing, e.g. [5, 25, 50, 100]. */
  steps: number[];
  /** Each step is held at least this long before the next. */
  holdMinutes: number;
  /** Each step needs at least this many exposed sessions on the new release (and on the old) before the next. */
  minSessions: number;
}

/**
 * A member's place in a release's rollout, in [0, 100): the first 32 bits of sha256("<member>:<release>"). The same
 * member and release always give the same place (sticky: a member on a step stays on it, and on every later step);
 * another release reshuffles, so the same members are not always first.
 */
export function rolloutBucket(memberId: string, release: number): number {
  const digest = createHash('sha256').update(`${memberId}:${release}`).digest();
  return (digest.readUInt32BE(0) / 2 ** 32) * 100;
}

/** Whether the step at `percent` serves this member the new release. */
export const onStep = (memberId: string, release: number, percent: number): boolean => rolloutBucket(memberId, release) < percent;

/** What the comparison reads: exposed sessions and the sessions among them that reported an error, per side. */
export interface Arm {
  sessions: number;
  withErrors: number;
}

/**
 * The guarded comparison's settings: the false-alarm rate α (the test never declares a regression with probability
 * above α when the new release is no worse than the old by more than `margin`, however often it is looked at), the
 * margin δ (absolute difference of error rates tolerated), and τ, the scale of the differences the test is tuned to
 * find quickly (the mixture's spread).
 */
export const GUARD = { alpha: 0.05, margin: 0.02, tau: 0.2 } as const;

export interface Verdict {
  /** A regression is declared: abort. */
  regression: boolean;
  /** Why not, when not: too few exposed sessions. */
  enoughExposure: boolean;
  rateNew: number;
  rateOld: number;
  /** 95 % intervals of each rate (Wilson). */
  intervalNew: [number, number];
  intervalOld: [number, number];
  /** The mixture likelihood ratio Λ; a regression when Λ ≥ 1/α and the new rate is above the old plus the margin. */
  likelihoodRatio: number;
}

/** Wilson's 95 % interval of a proportion. */
export function wilson(successes: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.959964;
  const p = successes / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * The mixture sequential probability ratio test (mSPRT, Robbins 1970; the "always valid" test of Johari, Pekelis and
 * Walsh 2017, behind Optimizely's and, in spirit, LaunchDarkly's guarded rollouts) on the difference of two error
 * rates, with the normal approximation: θ̂ = (p_new − p_old) − δ, V its variance (each rate shrunk by half a success
 * and one trial, so a side with no error still has a variance), and with a N(0, τ²) mixture over the difference
 *   Λ = sqrt(V / (V + τ²)) · exp(τ² θ̂² / (2 V (V + τ²))).
 * Λ is a non-negative martingale under "no worse than δ", so by Ville's inequality the chance it ever reaches 1/α,
 * at any number of checks, is at most α: checking every minute costs no extra false alarms. One-sided: only θ̂ > 0
 * (the new release worse beyond the margin) can declare a regression.
 */
export function compareArms(fresh: Arm, old: Arm, minSessions: number, guard: { alpha: number; margin: number; tau: number } = GUARD): Verdict {
  const rateNew = fresh.sessions > 0 ? fresh.withErrors / fresh.sessions : 0;
  const rateOld = old.sessions > 0 ? old.withErrors / old.sessions : 0;
  const shrunk = (a: Arm) => (a.withErrors + 0.5) / (a.sessions + 1);
  const variance = (a: Arm) => (shrunk(a) * (1 - shrunk(a))) / Math.max(1, a.sessions);
  const v = variance(fresh) + variance(old);
  const theta = rateNew - rateOld - guard.margin;
  const tau2 = guard.tau * guard.tau;
  const likelihoodRatio = Math.sqrt(v / (v + tau2)) * Math.exp((tau2 * theta * theta) / (2 * v * (v + tau2)));
  const enoughExposure = fresh.sessions >= minSessions && old.sessions >= minSessions;
  return {
    regression: enoughExposure && theta > 0 && likelihoodRatio >= 1 / guard.alpha,
    enoughExposure,
    rateNew,
    rateOld,
    intervalNew: wilson(fresh.withErrors, fresh.sessions),
    intervalOld: wilson(old.withErrors, old.sessions),
    likelihoodRatio,
  };
}
