import type { PlatformRelease } from 'shared-api/contract';
import type { ReleaseRow } from './repository';
import { onStep } from './rollout';

/** A release as the API answers it; `live` and `preview` say whether it is the one served to all, or to its audience. */
export function toApiRelease(row: ReleaseRow, pointers: { live: number | null; preview?: number | null }): PlatformRelease {
  return {
    number: row.number,
    apps: row.apps,
    kind: row.kind as PlatformRelease['kind'],
    basedOn: row.based_on,
    restores: row.restores,
    note: row.note,
    createdBy: row.created_by ? { id: row.created_by, name: row.created_by_name ?? '' } : null,
    createdAt: row.created_at.toISOString(),
    live: row.number === pointers.live,
    audience: row.audience ?? null,
    preview: row.number === pointers.preview,
    promotedAt: row.promoted_at?.toISOString() ?? null,
    withdrawnAt: row.withdrawn_at?.toISOString() ?? null,
    rollout:
      row.rollout && row.rollout_step !== null
        ? {
            ...row.rollout,
            step: row.rollout_step,
            percent: row.rollout.steps[row.rollout_step] ?? 100,
            stepStartedAt: row.rollout_step_at?.toISOString() ?? null,
            pausedAt: row.rollout_paused_at?.toISOString() ?? null,
          }
        : null,
  };
}

/**
 * Whether the preview serves this member: one of its audience when it has one, and during a rollout one whose
 * sticky place is within the step's share (a promoted rollout is live for all: this is not asked any more).
 */
export function servesPreview(preview: ReleaseRow, user: { id: string; categoryId: string | null }): boolean {
  if (preview.audience && !(user.categoryId && preview.audience.categories.includes(user.categoryId))) return false;
  if (!preview.rollout || preview.rollout_step === null) return !!preview.audience;
  return onStep(user.id, preview.number, preview.rollout.steps[preview.rollout_step] ?? 100);
}

export const sameSet = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** When a release began to be served: a promoted preview when it went to all, any other when it was made. */
export const servedSince = (row: ReleaseRow): Date => (row.kind === 'preview' ? row.created_at : (row.promoted_at ?? row.created_at));

/**
 * When a release stopped being served, from the releases made after it: a withdrawn preview when it was dropped; a
 * live one when the next release went live (made, or a preview promoted); null while it is still served.
 */
export function servedUntil(row: ReleaseRow, later: readonly ReleaseRow[]): Date | null {
  if (row.withdrawn_at) return row.withdrawn_at;
  if (row.kind === 'preview' && !row.promoted_at) return null;
  const from = servedSince(row).getTime();
  const switches = later
    .filter((r) => r.number !== row.number)
    .map((r) => (r.kind === 'preview' ? r.promoted_at : r.created_at))
    .filter((d): d is Date => d !== null && d.getTime() >= from)
    .sort((a, b) => a.getTime() - b.getTime());
  return switches[0] ?? null;
}
