/**
 * The rollout's arithmetic (issue 40), no database: steps are sticky and near their percentage over 1,000 generated
 * members; the sequential test's false-alarm rate, measured by simulation with a check after every session, stays
 * under α; a clearly worse release is found with 30 sessions a side.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GUARD, compareArms, onStep, rolloutBucket } from '../rollout';

test('sticky: the same member gets the same answer every time; each step within ±3 points over 1,000 members', () => {
  // Fixed ids (random ones made the share a draw: about one run in thirty fell outside ±3 points somewhere).
  const members = Array.from({ length: 1000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  for (const release of [7, 42, 1234]) {
    for (const percent of [5, 25, 50, 100]) {
      const served = members.filter((m) => onStep(m, release, percent)).length / 10;
      assert.ok(Math.abs(served - percent) <= 3, `release ${release}, step ${percent} %: ${served} %`);
    }
    for (const m of members.slice(0, 50)) assert.equal(rolloutBucket(m, release), rolloutBucket(m, release));
    // A member on a step stays on every later one.
    for (const m of members) if (onStep(m, release, 5)) assert.ok(onStep(m, release, 25) && onStep(m, release, 50));
  }
});

/** A deterministic pseudo-random source (mulberry32), so the measured rate is the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One simulated step: sessions arrive on both sides, the test is checked after each; answers whether it aborted. */
function simulate(rand: () => number, rateNew: number, rateOld: number, sessions: number, minSessions: number): boolean {
  const fresh = { sessions: 0, withErrors: 0 };
  const old = { sessions: 0, withErrors: 0 };
  for (let i = 0; i < sessions; i++) {
    fresh.sessions++;
    if (rand() < rateNew) fresh.withErrors++;
    old.sessions++;
    if (rand() < rateOld) old.withErrors++;
    if (compareArms(fresh, old, minSessions).regression) return true;
  }
  return false;
}

test('false alarms: equal error rates, checked after every session up to 400 a side, abort in fewer than α of runs', (t) => {
  const rand = random(40);
  for (const rate of [0.02, 0.1, 0.3]) {
    const runs = 400;
    let alarms = 0;
    for (let r = 0; r < runs; r++) if (simulate(rand, rate, rate, 400, 30)) alarms++;
    t.diagnostic(`false alarms at an error rate of ${rate * 100} % on both sides: ${alarms} of ${runs} runs`);
    assert.ok(alarms / runs <= GUARD.alpha, `rate ${rate}: ${alarms} of ${runs} runs aborted`);
  }
});

test('found: 30 sessions a side, 10 % of old sessions and half of new ones reporting → a regression; same counts → none', () => {
  // Margin 0 here: the raw test, at the edge of what it accepts.
  const noMargin = compareArms({ sessions: 400, withErrors: 40 }, { sessions: 400, withErrors: 40 }, 30, { ...GUARD, margin: 0 });
  assert.equal(noMargin.regression, false);
  const worse = compareArms({ sessions: 30, withErrors: 15 }, { sessions: 30, withErrors: 3 }, 30);
  assert.equal(worse.regression, true, JSON.stringify(worse));
  const same = compareArms({ sessions: 30, withErrors: 3 }, { sessions: 30, withErrors: 3 }, 30);
  assert.equal(same.regression, false);
  const early = compareArms({ sessions: 29, withErrors: 29 }, { sessions: 30, withErrors: 0 }, 30);
  assert.equal(early.regression, false, 'not before the minimum exposure');
  assert.equal(early.enoughExposure, false);
});
