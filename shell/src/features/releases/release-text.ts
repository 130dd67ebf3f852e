/** What the releases page says about a release, a version and a check: pure functions, tested on their own. */
import type { AppErrorReport, ComposePayload, PlatformRelease, PublishedVersion, ReleaseReason } from 'shared-api';
import { formatDateTime } from 'shared-ui';
import { parseSteps } from './rollout-text';

export const KIND_LABELS: Record<PlatformRelease['kind'], string> = {
  initial: 'Prima release',
  start: "Build locali all'avvio",
  compose: 'Composizione',
  rollback: 'Ripristino',
  'auto-rollback': 'Ripristino automatico',
  preview: 'Anteprima',
};

/** The history's type of a release: a preview going out in steps is a 'Rilascio graduale' (issue 40), not an 'Anteprima'. */
export const kindLabel = (r: Pick<PlatformRelease, 'kind' | 'rollout'>): string => (r.rollout ? 'Rilascio graduale' : KIND_LABELS[r.kind]);

/**
 * 'In linea', 'In anteprima', 'Ritirata' (a preview dropped) or '' for a release served no more. A progressive
 * rollout has its own: 'In corso al 25 %' / 'In pausa al 25 %' while it goes out, 'Interrotto' once aborted (by hand
 * or by the comparison), 'Completato' once it went live for all ('Completato · in linea' while it still is).
 */
export function releaseState(r: PlatformRelease): string {
  if (r.rollout) {
    if (r.live) return 'Completato · in linea';
    if (r.preview) return `${r.rollout.pausedAt ? 'In pausa' : 'In corso'} al ${r.rollout.percent} %`;
    if (r.withdrawnAt) return 'Interrotto';
    return r.promotedAt ? 'Completato' : '';
  }
  if (r.live) return 'In linea';
  if (r.preview) return 'In anteprima';
  if (r.withdrawnAt) return 'Ritirata';
  return '';
}

/** The badge's colour for releaseState: live green, going out blue, dropped or aborted amber, completed and replaced plain. */
export function stateTone(r: PlatformRelease): 'success' | 'accent' | 'warning' | null {
  if (r.live) return 'success';
  if (r.preview) return 'accent';
  if (r.withdrawnAt) return 'warning';
  return null;
}

/** Bytes as a person reads them: '812 B', '12,4 KB', '3,1 MB'. */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1).replace('.', ',')} ${units[unit]}`;
}

/**
 * What a release changed against the one it was based on: one line per app whose version differs ('mf-registry:
 * 0.1.0-aa → 0.1.0-bb'), a new app as '→ version'. A release with nothing before it lists every app.
 */
export function changesOf(
  release: Pick<PlatformRelease, 'apps' | 'basedOn'>,
  byNumber: ReadonlyMap<number, Pick<PlatformRelease, 'apps'>>,
): string[] {
  const before = release.basedOn === null ? undefined : byNumber.get(release.basedOn)?.apps;
  const lines: string[] = [];
  for (const [app, version] of Object.entries(release.apps).sort(([a], [b]) => a.localeCompare(b))) {
    const was = before?.[app];
    if (before && was === version) continue;
    lines.push(was ? `${app}: ${was} → ${version}` : `${app}: ${version}`);
  }
  return lines;
}

/**
 * The outcome the history shows for a release: its own note (why it was made, e.g. an automatic rollback's reason),
 * and, when a later release took it back by itself or a preview was withdrawn, why.
 */
export function outcomeOf(release: PlatformRelease, all: readonly PlatformRelease[]): string[] {
  const lines: string[] = [];
  if (release.note) lines.push(release.note);
  const undone = all.find((r) => r.kind === 'auto-rollback' && r.basedOn === release.number);
  if (undone) lines.push(`Ripristinata automaticamente con la release ${undone.number}`);
  if (release.kind === 'preview' && release.promotedAt) lines.push('Messa in linea per tutti');
  if (release.kind === 'preview' && release.withdrawnAt && !release.note) lines.push(release.rollout ? 'Interrotto' : 'Ritirata');
  return lines;
}

/** One app's error reports in a sentence: '3 segnalazioni da 3 utenti' (or 'Nessuna segnalazione'). */
export function reportSummary(report: Pick<AppErrorReport, 'count' | 'users'>): string {
  if (report.count === 0) return 'Nessuna segnalazione';
  const reports = report.count === 1 ? '1 segnalazione' : `${report.count} segnalazioni`;
  const users = report.users === 1 ? '1 utente' : `${report.users} utenti`;
  return `${reports} da ${users}`;
}

/** Compose form: app folder → the version picked ('' keeps the live one), and whether it goes to a preview audience. */
export interface ComposeValues {
  apps: Record<string, string>;
  preview: boolean;
  categories: string[];
  /** A progressive rollout instead of an immediate switch (issue 40): its steps as typed ('5, 25, 50, 100'), hold and exposure. */
  rollout: boolean;
  steps: string;
  holdMinutes: string;
  minSessions: string;
}

/** The rollout's defaults the form starts from (docs/releases.md: enough sessions a step to find a regression). */
export const ROLLOUT_DEFAULTS = { steps: '5, 25, 50, 100', holdMinutes: '60', minSessions: '200' } as const;

/** A whole number as typed ('1.000' or '1000'); anything else NaN (refused by the contract). */
const wholeNumber = (text: string): number => (/^\s*\d[\d.]*\s*$/.test(text) ? Number(text.replace(/[.\s]/g, '')) : Number.NaN);

/**
 * What the form sends: only the apps whose version differs from the live release; the audience when it is a
 * preview; the plan when it goes out in steps.
 */
export function composeInput(values: ComposeValues, live: Record<string, string>): ComposePayload {
  const apps = Object.fromEntries(Object.entries(values.apps).filter(([app, version]) => version !== '' && version !== live[app]));
  return {
    apps,
    ...(values.preview ? { audience: { categories: values.categories } } : {}),
    ...(values.rollout
      ? { rollout: { steps: parseSteps(values.steps), holdMinutes: wholeNumber(values.holdMinutes), minSessions: wholeNumber(values.minSessions) } }
      : {}),
  };
}

/** The versions of one app the form offers, newest first, the live one marked. */
export function versionOptions(versions: readonly PublishedVersion[], app: string, liveVersion: string | undefined) {
  return versions.filter((v) => v.app === app && v.problem === null).map((v) => ({ value: v.version, label: versionLabel(v, liveVersion) }));
}

/**
 * A version as the compose form offers it: not its bare code but when and by whom it was published, and whether it
 * is the live one ('0.2.0-cccccccc · pubblicata il 17/11/2026 09:00 da Anna Verdi (in linea)'; issue 44 item 8).
 */
export function versionLabel(v: Pick<PublishedVersion, 'version' | 'publishedAt' | 'publishedBy'>, liveVersion?: string): string {
  const when = v.publishedAt ? ` il ${formatDateTime(v.publishedAt)}` : '';
  const who = v.publishedBy ? ` da ${v.publishedBy}` : '';
  const published = when || who ? ` · pubblicata${when}${who}` : '';
  return `${v.version}${published}${v.version === liveVersion ? ' (in linea)' : ''}`;
}

/** A refused check, one line per reason: the app, its version and the dependency where they apply. */
export function reasonText(reason: ReleaseReason): string {
  const subject = [reason.app === '*' ? null : reason.app, reason.version].filter(Boolean).join(' ');
  return subject ? `${subject}: ${reason.message}` : reason.message;
}
