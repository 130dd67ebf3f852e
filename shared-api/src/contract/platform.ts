import { z } from 'zod';
import { id, lineText } from './common';
import { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS } from './constants';

/**
 * Releases of the domain apps (issue 12): published versions, the numbered releases and the calls that compose and
 * roll them back. '*' only.
 */

/** One reason a candidate release is refused: the app, the dependency and both versions where they apply. */
export const releaseReason = z.object({
  app: z.string(),
  version: z.string().nullable(),
  dependency: z.string().nullable(),
  /** The range the app's manifest requires. */
  required: z.string().nullable(),
  /** The version the live shell provides. */
  provided: z.string().nullable(),
  message: z.string(),
});
export type ReleaseReason = z.infer<typeof releaseReason>;

export const publishedVersion = z.object({
  app: z.string(),
  version: z.string(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
  name: z.string().nullable(),
  shared: z.record(z.string(), z.string()).nullable(),
  exposes: z.array(z.string()).nullable(),
  buildVersion: z.string().nullable(),
  remoteEntry: z.object({ path: z.string(), type: z.string() }).nullable(),
  problem: z.string().nullable(),
  /** Bytes of the version's files on the server (compressed copies included); null when unreadable. */
  bytes: z.number().int().nullable(),
});
export type PublishedVersion = z.infer<typeof publishedVersion>;

export const platformRelease = z.object({
  number: z.number().int(),
  apps: z.record(z.string(), z.string()),
  kind: z.enum(['initial', 'start', 'compose', 'rollback', 'auto-rollback', 'preview']),
  basedOn: z.number().int().nullable(),
  restores: z.number().int().nullable(),
  note: z.string().nullable(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  live: z.boolean(),
  /** A preview release: the categories that get it first; when it was made live for all or dropped. */
  audience: z.object({ categories: z.array(z.string()) }).nullable(),
  preview: z.boolean(),
  promotedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  /** A progressive rollout (issue 40): the plan and the step reached (percent of signed-in members), paused or not. */
  rollout: z
    .object({
      steps: z.array(z.number().int()),
      holdMinutes: z.number().int(),
      minSessions: z.number().int(),
      step: z.number().int(),
      percent: z.number().int(),
      stepStartedAt: z.string().nullable(),
      pausedAt: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type PlatformRelease = z.infer<typeof platformRelease>;

/** The plan of a progressive rollout: increasing percentages, each held a minimum time and exposure (issue 40). */
export const rolloutPlan = z.object({
  steps: z
    .array(
      z
        .number({ error: 'Ogni passo è una percentuale tra 1 e 100' })
        .int('Ogni passo è una percentuale intera')
        .min(1, 'Ogni passo è almeno 1')
        .max(100, 'Ogni passo è al massimo 100'),
    )
    .min(1, 'Indica almeno un passo')
    .max(10, 'Al massimo 10 passi')
    .refine((s) => s.every((p, i) => i === 0 || p > s[i - 1]!), 'I passi devono crescere')
    .refine((s) => s.at(-1) === 100, "L'ultimo passo deve essere 100"),
  holdMinutes: z
    .number({ error: 'Indica i minuti di ogni passo' })
    .int('Un numero intero di minuti')
    .min(0, 'Almeno 0 minuti')
    .max(10_080, 'Al massimo 10080 minuti (una settimana)'),
  minSessions: z
    .number({ error: 'Indica le sessioni minime' })
    .int('Un numero intero di sessioni')
    .min(1, 'Almeno 1 sessione')
    .max(1_000_000, 'Al massimo 1000000 sessioni'),
});
export type RolloutPlan = z.infer<typeof rolloutPlan>;
/** Body of pause, resume, advance and abort: why (kept in the release's history). */
export const rolloutActionPayload = z.object({ reason: lineText().max(500).optional() });

/**
 * One change of a rollout, with who and why; `figures` the evidence of the step it ended (an advance or abort, by the
 * server or by hand: rolloutEvidence's fields without the verdict).
 */
export const releaseEvent = z.object({
  at: z.string(),
  action: z.enum(['start', 'advance', 'pause', 'resume', 'abort', 'complete']),
  step: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  by: z.object({ id: z.string(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
  figures: z.record(z.string(), z.unknown()).nullable(),
});
export type ReleaseEvent = z.infer<typeof releaseEvent>;

export const versionsResponse = z.object({
  data: z.array(publishedVersion),
  shell: z.object({ shared: z.record(z.string(), z.string()) }).nullable(),
});
export const releasesResponse = z.object({
  data: z.array(platformRelease),
  live: z.number().int().nullable(),
  preview: z.number().int().nullable(),
});
export type VersionsResponse = z.infer<typeof versionsResponse>;
export type ReleasesResponse = z.infer<typeof releasesResponse>;

const versionString = lineText().min(1, 'Versione obbligatoria').max(100, 'Versione troppo lunga');
export const composePayload = z.object({
  /** Folder of a domain app (mf-registry) → the version to put live; apps left out keep the live version. */
  apps: z.record(lineText().min(1).max(60), versionString).refine((apps) => Object.keys(apps).length > 0, 'Indica almeno una app e la sua versione'),
  dryRun: z.boolean().optional(),
  /** A preview release: served first to the members of these categories only (issue 29). */
  audience: z.object({ categories: z.array(id).min(1, 'Indica almeno una categoria').max(50) }).optional(),
  /** A progressive rollout: served to a growing share of signed-in members, step by step (issue 40). */
  rollout: rolloutPlan.optional(),
});
export type ComposePayload = z.infer<typeof composePayload>;

export const healthResult = z.object({
  ok: z.boolean(),
  checked: z.array(z.string()),
  reason: z.string().nullable(),
});

export const composeResponse = z.object({
  dryRun: z.boolean(),
  /** What the whole-set check noticed without refusing (issue 41: a slot the live set offered and this one drops). */
  warnings: z.array(z.string()),
  /** The release made live (or, on a dry run, the set that would be: number null). */
  release: platformRelease.extend({ number: z.number().int().nullable() }),
  /** The headless check after the switch, when it ran; a failure rolled the switch back (rolledBackTo). */
  health: healthResult.nullable(),
  rolledBackTo: platformRelease.nullable(),
});
export type ComposeResponse = z.infer<typeof composeResponse>;

/**
 * POST /platform/versions (multipart): the text fields beside the archive (field `archive`, a .tar.gz of the built
 * files). The version is computed by the server as the command computes it; `version`, when sent, must match.
 */
export const publishPayload = z.object({
  app: lineText().min(1, 'App obbligatoria').max(60, 'Nome di app troppo lungo'),
  packageVersion: z
    .string()
    .trim()
    .regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?$/, 'Versione del pacchetto non valida (es. 1.2.0)')
    .max(60, 'Versione del pacchetto troppo lunga'),
  version: versionString.optional(),
});
export type PublishPayload = z.infer<typeof publishPayload>;

export const releaseRefused = z.object({ code: z.literal('RELEASE_REFUSED'), message: z.string(), reasons: z.array(releaseReason) });
/** Withdrawing a preview: why, optionally. */
export const notePayload = z.object({ note: lineText().max(500).optional() });
/**
 * Rolling back: by default to the release before the live one; with `to`, to that earlier release (its versions
 * pass the whole-set check again: a pruned version refuses it).
 */
export const rollbackPayload = notePayload.extend({ to: z.number().int().min(1).max(2_147_483_647).optional() });
export type RollbackPayload = z.infer<typeof rollbackPayload>;

/** Per-developer override: point this browser's line of one domain app at a local build. */
export const devOverridePayload = z.object({
  app: lineText().min(1, 'App obbligatoria').max(60),
  url: z.string().trim().url('Indirizzo non valido').max(500),
});
export const devOverrideState = z.object({
  enabled: z.boolean(),
  allowedOrigins: z.array(z.string()),
  /** Federation name → manifest URL this browser uses instead of the live release. */
  lines: z.record(z.string(), z.string()),
});

/** POST /platform/versions/prune: keep the versions of the last `keep` releases (and the live, preview and previous ones). */
export const prunePayload = z.object({
  keep: z.number({ error: 'Indica quante release tenere' }).int('Un numero intero').min(1, 'Almeno 1').max(1000, 'Al massimo 1000'),
});
export const pruneResponse = z.object({
  keep: z.number().int(),
  removed: z.array(z.object({ app: z.string(), version: z.string(), bytes: z.number().int() })),
  bytesFreed: z.number().int(),
});
export type PruneResponse = z.infer<typeof pruneResponse>;

/**
 * POST /platform/client-errors: what the shell saw go wrong in a domain app. Bounded: the shell cuts a longer message
 * to the limit before sending; the server masks e-mail addresses and numbers before storing it.
 */
export const clientErrorPayload = z.object({
  app: lineText().min(1).max(60),
  version: z.string().trim().min(1).max(CLIENT_ERROR_LIMITS.version),
  route: z.string().trim().min(1).max(CLIENT_ERROR_LIMITS.route),
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().min(1).max(CLIENT_ERROR_LIMITS.message),
});
export type ClientErrorPayload = z.infer<typeof clientErrorPayload>;

/** One app's reports for a release: since it went live (until it stopped being served). */
export const appErrorReport = z.object({
  app: z.string(),
  version: z.string(),
  count: z.number().int(),
  users: z.number().int(),
  first: z.string().nullable(),
  last: z.string().nullable(),
  topMessages: z.array(z.object({ message: z.string(), kind: z.enum(CLIENT_ERROR_KINDS), count: z.number().int() })),
});
export type AppErrorReport = z.infer<typeof appErrorReport>;
/**
 * A rollout's two sides (issue 40), new and old: the sessions served each, their distinct members (a member's two
 * sessions count once), the sessions among them that reported an error, and both rates with their 95 % Wilson
 * intervals. Declared once (as the server's ArmFigures), for the whole step and for each changed app.
 */
export const rolloutArms = z.object({
  newSessions: z.number().int(),
  /** Distinct members among the sessions (a member's two sessions count once). */
  newMembers: z.number().int(),
  newWithErrors: z.number().int(),
  oldSessions: z.number().int(),
  oldMembers: z.number().int(),
  oldWithErrors: z.number().int(),
  rateNew: z.number(),
  rateOld: z.number(),
  // [low, high]: a tuple would describe itself in OpenAPI 3.0 as an anyOf of two equal schemas.
  intervalNew: z.array(z.number()).length(2),
  intervalOld: z.array(z.number()).length(2),
});

/**
 * One app the rollout changes, both sides (issue 40): since the step began, its new version (on the rollout's
 * release) and its old one (on the live release), with the sessions served each of them and those that reported an
 * error of this app at the version they were served (rolloutArms). Here and in rolloutEvidence the arms are extended
 * in between, not first, so that the fields keep their order: the OpenAPI description stays the same to the byte.
 */
export const rolloutAppEvidence = z.object({ app: z.string(), newVersion: z.string(), oldVersion: z.string().nullable() }).extend(rolloutArms.shape);
export type RolloutAppEvidence = z.infer<typeof rolloutAppEvidence>;

/**
 * The guarded comparison's evidence for the step under way (issue 40): since the step began, the sessions served the
 * rollout's release (new) and the live one (old), those among them that reported an error of an app the rollout
 * changes, both rates with their 95 % Wilson intervals and the sequential test's Λ: what the next check decides on.
 * The same figures an automatic decision keeps in its event.
 */
export const rolloutEvidence = z
  .object({
    step: z.number().int(),
    percent: z.number().int(),
    since: z.string(),
    newRelease: z.number().int(),
    oldRelease: z.number().int(),
  })
  .extend(rolloutArms.shape)
  .extend({
    likelihoodRatio: z.number(),
    alpha: z.number(),
    margin: z.number(),
    tau: z.number(),
    /** Both sides have reached the step's minimum of sessions. */
    enoughExposure: z.boolean(),
    /** The test finds the new release worse beyond the margin: the next check aborts. */
    regression: z.boolean(),
    /** The same figures per changed app, by app name (the decision reads the changed apps together, above). */
    apps: z.array(rolloutAppEvidence),
  });
export type RolloutEvidence = z.infer<typeof rolloutEvidence>;

export const releaseDetail = z.object({
  release: platformRelease,
  errors: z.array(appErrorReport),
  /** A rollout's changes, oldest first (issue 40). */
  events: z.array(releaseEvent).optional(),
  /** The rollout's step under way, when this release is the preview going out in steps; else null (issue 40). */
  evidence: rolloutEvidence.nullable().optional(),
});
export type ReleaseDetail = z.infer<typeof releaseDetail>;
