/**
 * A rollout's actions (issue 40), each under the live pointer's lock and in the release's history with who and why:
 * pause (the step holds, nothing advances), resume (the step's time starts again), advance (the next step now; past
 * the last, the release goes live for all), abort (withdrawn: its members get the live release at their next
 * navigation). The automatic check passes the step it judged (`expectStep`): when another check or the team moved the
 * rollout meanwhile, nothing changes (409 NOT_THE_PREVIEW). An advance or abort by hand keeps the evidence of the step
 * it ends, read under the same lock (`figuresFor`), as an automatic decision keeps the figures it decided on.
 */
import type { PlatformRelease } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../core/db/client';
import type { CurrentUser } from '../../core/domain';
import { DomainError } from '../../core/errors';
import { toApiRelease } from './release-view';
import type { ReleaseRepository, ReleaseRow } from './repository';

export type Actor = Pick<CurrentUser, 'id' | 'name' | 'surname'> | null;
export type RolloutAction = 'pause' | 'resume' | 'advance' | 'abort';

export const byActor = (actor: Actor) => ({ by_id: actor?.id ?? null, by_name: actor ? `${actor.name} ${actor.surname}` : null });

export interface RolloutDeps {
  db: Db;
  repo: ReleaseRepository;
  now: () => Date;
  pointers: (db: DbOrTx) => Promise<{ live: number | null; preview: number | null }>;
  /** The evidence of the preview's step under way against the live release (rollout-evidence.ts). */
  figuresFor?: ((preview: ReleaseRow, live: ReleaseRow) => Promise<Record<string, unknown>>) | undefined;
}

/** One action on a rollout: `figures` the evidence an automatic decision read, `expectStep` the step it judged. */
export interface RolloutRequest {
  number: number;
  action: RolloutAction;
  actor: Actor;
  reason: string | null;
  figures?: Record<string, unknown> | null | undefined;
  expectStep?: number | undefined;
}

export function rolloutAction(
  deps: RolloutDeps,
  { number, action, actor, reason, figures = null, expectStep }: RolloutRequest,
): Promise<PlatformRelease> {
  return deps.db.transaction(async (tx) => {
    const live = await deps.repo.lockLive(tx);
    const preview = await deps.repo.preview(tx);
    if (preview?.number !== number) throw new DomainError((await deps.repo.get(tx, number)) ? 'NOT_THE_PREVIEW' : 'RELEASE_NOT_FOUND');
    const plan = preview.rollout;
    if (!plan || preview.rollout_step === null) throw new DomainError('NOT_A_ROLLOUT');
    if (expectStep !== undefined && (preview.rollout_step !== expectStep || preview.rollout_paused_at)) throw new DomainError('NOT_THE_PREVIEW');
    const now = deps.now();
    // By hand (no figures given): the step's evidence at this moment, for the history and the console's chart.
    const kept = figures ?? ((action === 'advance' || action === 'abort') && live && deps.figuresFor ? await deps.figuresFor(preview, live) : null);
    let step = preview.rollout_step;
    let row: ReleaseRow;
    let event: 'pause' | 'resume' | 'advance' | 'abort' | 'complete' = action;
    if (action === 'pause') row = await deps.repo.setRollout(tx, number, { rollout_paused_at: now });
    else if (action === 'resume') row = await deps.repo.setRollout(tx, number, { rollout_paused_at: null, rollout_step_at: now });
    else if (action === 'abort') {
      const note = `Distribuzione interrotta al ${plan.steps[step]} %${reason ? `: ${reason}` : ''}`;
      row = await deps.repo.withdrawPreview(tx, number, now, note);
    } else if (step + 1 < plan.steps.length) {
      step += 1;
      row = await deps.repo.setRollout(tx, number, { rollout_step: step, rollout_step_at: now });
    } else {
      event = 'complete';
      row = await deps.repo.promotePreview(tx, number, now, live?.number ?? null);
    }
    await deps.repo.addEvent(tx, {
      release_number: number,
      at: now,
      action: event,
      step,
      percent: plan.steps[step]!,
      ...byActor(actor),
      reason,
      figures: kept,
    });
    const pointers = await deps.pointers(tx);
    return toApiRelease(row, pointers);
  });
}
