/** The releases page's calls (issue 29): GET and POST under /platform, each refreshed with the history. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ApiError,
  api,
  type Category,
  type ComposePayload,
  type ComposeResponse,
  type ListResponse,
  type PlatformRelease,
  type ReleaseDetail,
  type ReleaseReason,
  type ReleasesResponse,
  type VersionsResponse,
} from 'shared-api';
import { createMutation } from 'shared-ui';

export const VERSIONS_PATH = '/platform/versions';
export const RELEASES_PATH = '/platform/releases';
/** Every query of the page starts with this key: one invalidation refreshes the tables, the served releases and the checks. */
export const RELEASES_KEY = 'platform-releases';

export const releasesQuery = () =>
  queryOptions({
    queryKey: [RELEASES_KEY, 'summary'],
    queryFn: ({ signal }) => api.get<ReleasesResponse>(RELEASES_PATH, undefined, signal),
  });
export const useReleases = () => useQuery(releasesQuery());

export const useVersions = () =>
  useQuery({ queryKey: [RELEASES_KEY, 'versions'], queryFn: ({ signal }) => api.get<VersionsResponse>(VERSIONS_PATH, undefined, signal) });

/** One release with, per app, the error reports of the browsers it was served to. */
export const useReleaseDetail = (number: number | null) =>
  useQuery({
    queryKey: [RELEASES_KEY, 'detail', number],
    queryFn: ({ signal }) => api.get<ReleaseDetail>(`${RELEASES_PATH}/${number}`, undefined, signal),
    enabled: number !== null,
  });

/** The preview's audience: the categories (registry_access reads them; anyone else gets no choice). */
export const useCategoryOptions = (enabled: boolean) =>
  useQuery({
    queryKey: [RELEASES_KEY, 'categories'],
    queryFn: ({ signal }) => api.get<ListResponse<Category>>('/user/category', { limit: 500 }, signal).then((res) => res.data),
    enabled,
    retry: false,
  });

/** The whole-set check's answer for a candidate: fine, or refused with every reason (422), or another refusal. */
export type CheckAnswer =
  | { ok: true; release: ComposeResponse['release']; warnings: string[] }
  | { ok: false; reasons: ReleaseReason[]; message: string };

/** POST /platform/releases with dryRun: the answer, a refusal included (it is an answer, not a failure). */
export async function checkCandidate(payload: ComposePayload): Promise<CheckAnswer> {
  try {
    const res = await api.post<ComposeResponse>(RELEASES_PATH, { ...payload, dryRun: true });
    return { ok: true, release: res.release, warnings: res.warnings ?? [] };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 0 || err.status >= 500) throw err;
    const reasons = (err.body as { reasons?: ReleaseReason[] } | null)?.reasons ?? [];
    return { ok: false, reasons, message: err.message };
  }
}

export const useCheck = (payload: ComposePayload | null) =>
  useQuery({
    queryKey: [RELEASES_KEY, 'check', payload],
    queryFn: () => checkCandidate(payload!),
    enabled: payload !== null,
    staleTime: 0,
    retry: false,
  });

const ERRORS = { own: ['PREVIEW_ALREADY_OUT', 'NOT_THE_PREVIEW', 'NO_PREVIOUS_RELEASE', 'RELEASE_NOT_FOUND'] } as const;

export const useCompose = createMutation({
  mutationFn: (payload: ComposePayload) => api.post<ComposeResponse>(RELEASES_PATH, payload),
  invalidates: RELEASES_KEY,
  toasts: {
    pending: 'Messa in linea in corso...',
    success: (res: ComposeResponse) => {
      if (res.rolledBackTo) return `Il controllo dopo il passaggio non è riuscito: di nuovo in linea la release ${res.rolledBackTo.number}`;
      if (res.health && !res.health.ok) return `Il controllo dopo il passaggio non è riuscito: anteprima ${res.release.number} ritirata`;
      if (res.release.rollout) return `Release ${res.release.number} in distribuzione al ${res.release.rollout.percent} %`;
      return res.release.preview ? `Release ${res.release.number} in anteprima` : `Release ${res.release.number} in linea`;
    },
    error: 'Si è verificato un errore durante la messa in linea della release',
  },
  errorCodes: { ...ERRORS, server: ['RELEASE_REFUSED'] },
});

export const useRestore = createMutation({
  mutationFn: (to: number) => api.post<PlatformRelease>(`${RELEASES_PATH}/rollback`, { to }),
  invalidates: RELEASES_KEY,
  toasts: {
    pending: 'Ripristino in corso...',
    success: (r: PlatformRelease) => `Release ${r.restores ?? ''} ripristinata: ora in linea come release ${r.number}`,
    error: 'Si è verificato un errore durante il ripristino della release',
  },
  errorCodes: { ...ERRORS, server: ['RELEASE_REFUSED'] },
});

export const usePromote = createMutation({
  mutationFn: (number: number) => api.post<PlatformRelease>(`${RELEASES_PATH}/${number}/promote`),
  invalidates: RELEASES_KEY,
  toasts: {
    pending: 'Messa in linea per tutti in corso...',
    success: (r: PlatformRelease) => `Release ${r.number} in linea per tutti`,
    error: "Si è verificato un errore durante la messa in linea dell'anteprima",
  },
  errorCodes: ERRORS,
});

export const useWithdraw = createMutation({
  mutationFn: (number: number) => api.post<PlatformRelease>(`${RELEASES_PATH}/${number}/withdraw`, {}),
  invalidates: RELEASES_KEY,
  toasts: {
    pending: 'Ritiro in corso...',
    success: (r: PlatformRelease) => `Anteprima ${r.number} ritirata`,
    error: "Si è verificato un errore durante il ritiro dell'anteprima",
  },
  errorCodes: ERRORS,
});

export type RolloutActionName = 'pause' | 'resume' | 'advance' | 'abort';
const ROLLOUT_TOASTS: Record<RolloutActionName, { pending: string; success: (r: PlatformRelease) => string; error: string }> = {
  pause: {
    pending: 'Pausa in corso...',
    success: (r) => `Distribuzione della release ${r.number} in pausa`,
    error: 'Si è verificato un errore durante la pausa della distribuzione',
  },
  resume: {
    pending: 'Ripresa in corso...',
    success: (r) => `Distribuzione della release ${r.number} ripresa`,
    error: 'Si è verificato un errore durante la ripresa della distribuzione',
  },
  advance: {
    pending: 'Passaggio al passo successivo in corso...',
    success: (r) => (r.live ? `Release ${r.number} in linea per tutti` : `Release ${r.number} al ${r.rollout?.percent ?? 100} %`),
    error: 'Si è verificato un errore durante il passaggio al passo successivo',
  },
  abort: {
    pending: 'Interruzione in corso...',
    success: (r) => `Distribuzione della release ${r.number} interrotta`,
    error: "Si è verificato un errore durante l'interruzione della distribuzione",
  },
};

/** A rollout's pause, resume, advance or abort (POST /platform/releases/{n}/<action> `{ reason? }`), one mutation each. */
const rolloutMutation = (action: RolloutActionName) =>
  createMutation({
    mutationFn: ({ number, reason }: { number: number; reason?: string }) =>
      api.post<PlatformRelease>(`${RELEASES_PATH}/${number}/${action}`, reason ? { reason } : {}),
    invalidates: RELEASES_KEY,
    toasts: ROLLOUT_TOASTS[action],
    errorCodes: { own: [...ERRORS.own, 'NOT_A_ROLLOUT'] },
  });
export const usePauseRollout = rolloutMutation('pause');
export const useResumeRollout = rolloutMutation('resume');
export const useAdvanceRollout = rolloutMutation('advance');
export const useAbortRollout = rolloutMutation('abort');
