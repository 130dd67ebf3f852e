import { lazy, useMemo, useState } from 'react';
import type { PlatformRelease, PublishedVersion } from 'shared-api';
import { ConfirmAction, DataTable, ModalSuspense, PageLayout, formatDateTime, type Column, type RowAction } from 'shared-ui';
import { RELEASES_KEY, RELEASES_PATH, VERSIONS_PATH, useReleases, useRestore } from './api';
import { ReportsCell } from './ReportsCell';
import { ServedReleases } from './ServedReleases';
import { changesOf, formatBytes, kindLabel, outcomeOf, releaseState, stateTone } from './release-text';

// The forms load when opened: the page itself carries no zod.
const ComposeModal = lazy(() => import('./ComposeModal').then((m) => ({ default: m.ComposeModal })));
const ReportsModal = lazy(() => import('./ReportsModal').then((m) => ({ default: m.ReportsModal })));

/** The history's rows whose error reports show in the table (the most recent); older ones open them on demand. */
const REPORTED_ROWS = 8;

const Lines = ({ lines, empty = '—' }: { lines: string[]; empty?: string }) =>
  lines.length === 0 ? (
    <span className="ui-muted">{empty}</span>
  ) : (
    <ul className="shell-releases__lines">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );

function historyColumns(all: readonly PlatformRelease[], onReports: (n: number) => void): Column<PlatformRelease>[] {
  const byNumber = new Map(all.map((r) => [r.number, r]));
  const recent = new Set(all.slice(0, REPORTED_ROWS).map((r) => r.number));
  return [
    { key: 'number', header: 'N.', render: (r) => <strong>{r.number}</strong> },
    {
      key: 'kind',
      header: 'Tipo',
      render: (r) => (
        <>
          {kindLabel(r)}
          {r.restores !== null ? ` della ${r.restores}` : ''}
          {releaseState(r) && (
            <>
              {' '}
              <span className={`ui-badge${stateTone(r) ? ` ui-badge--${stateTone(r)}` : ''}`}>{releaseState(r)}</span>
            </>
          )}
        </>
      ),
    },
    { key: 'createdBy', header: 'Chi', render: (r) => r.createdBy?.name || 'Sistema' },
    { key: 'createdAt', header: 'Quando', render: (r) => formatDateTime(r.createdAt) },
    { key: 'apps', header: 'Cosa cambia', render: (r) => <Lines lines={changesOf(r, byNumber)} empty="Nessun cambiamento" /> },
    { key: 'outcome', header: 'Esito', detail: true, render: (r) => <Lines lines={outcomeOf(r, all)} /> },
    {
      key: 'reports',
      header: 'Segnalazioni',
      detail: true,
      render: (r) =>
        recent.has(r.number) ? (
          <ReportsCell number={r.number} />
        ) : (
          <button type="button" className="ui-btn ui-btn--ghost ui-btn--sm" onClick={() => onReports(r.number)}>
            Vedi
          </button>
        ),
    },
  ];
}

function versionColumns(live: PlatformRelease | undefined, preview: PlatformRelease | undefined): Column<PublishedVersion>[] {
  const usedBy = (v: PublishedVersion) =>
    [live?.apps[v.app] === v.version ? 'In linea' : null, preview?.apps[v.app] === v.version ? 'In anteprima' : null].filter(Boolean).join(', ');
  return [
    { key: 'app', header: 'App' },
    { key: 'version', header: 'Versione', render: (v) => <code>{v.version}</code> },
    { key: 'bytes', header: 'Dimensione', align: 'end', render: (v) => formatBytes(v.bytes) },
    { key: 'publishedBy', header: 'Pubblicata da', render: (v) => v.publishedBy ?? '—' },
    { key: 'publishedAt', header: 'Data', render: (v) => (v.publishedAt ? formatDateTime(v.publishedAt) : '—') },
    { key: 'use', header: 'Uso', render: (v) => usedBy(v) || (v.problem ? <span className="ui-badge ui-badge--danger">{v.problem}</span> : '') },
  ];
}

/**
 * What 'Ripristina' asks. A preview withdrawn (for the errors it raised, or by hand) or a release an automatic
 * rollback took back is named as such, with why, before it goes live for everyone (issue 44 item 8).
 */
function RestoreMessage({ release, all }: { release: PlatformRelease; all: readonly PlatformRelease[] }) {
  const undone = all.some((r) => r.kind === 'auto-rollback' && r.basedOn === release.number);
  const withdrawn = release.kind === 'preview' && release.withdrawnAt !== null;
  const why = release.note ? ` Motivo: ${release.note}` : '';
  return (
    <>
      {(withdrawn || undone) && (
        <p className="ui-alert ui-alert--warning" role="alert">
          {withdrawn
            ? `Attenzione: la release ${release.number} è ${release.rollout ? 'un rilascio graduale interrotto' : "un'anteprima ritirata"}.${why}`
            : `Attenzione: la release ${release.number} è stata ripristinata automaticamente per errori.${why}`}{' '}
          Controlla le segnalazioni prima di rimetterla in linea per tutti.
        </p>
      )}
      <p>
        Le versioni della release {release.number} tornano in linea per tutti, come nuova voce dello storico. Le schede aperte riceveranno
        l&apos;aggiornamento.
      </p>
    </>
  );
}

/**
 * /platform/releases (issue 29): the releases served now (live and preview, with their error reports), the history
 * with 'Ripristina' on every earlier release, 'Componi' (the whole-set check's answer before 'Metti in linea') and
 * the published versions of every app.
 */
export function ReleasesPage() {
  const releases = useReleases();
  const restore = useRestore();
  const [composing, setComposing] = useState(false);
  const [restoring, setRestoring] = useState<PlatformRelease | null>(null);
  const [reportsOf, setReportsOf] = useState<number | null>(null);
  const all = useMemo(() => releases.data?.data ?? [], [releases.data]);
  const live = all.find((r) => r.live);
  const preview = all.find((r) => r.preview);
  const columns = useMemo(() => historyColumns(all, setReportsOf), [all]);

  const historyActions = (r: PlatformRelease): RowAction[] => [
    { label: 'Segnalazioni', onClick: () => setReportsOf(r.number) },
    { label: 'Ripristina', onClick: () => setRestoring(r), hidden: r.live || r.preview || !live },
  ];

  return (
    <PageLayout section="Piattaforma" title="Rilasci">
      <div className="shell-releases">
        <ServedReleases live={live} preview={preview} loading={releases.isPending} onCompose={() => setComposing(true)} />

        <section className="shell-releases__section" aria-labelledby="releases-history">
          <h2 id="releases-history" className="shell-releases__title">
            Storico delle release
          </h2>
          <DataTable<PlatformRelease>
            queryKey={RELEASES_KEY}
            path={RELEASES_PATH}
            paged={false}
            exportable={false}
            caption="Storico delle release"
            rowKey={(r) => String(r.number)}
            columns={columns}
            rowActions={historyActions}
            emptyText="Nessuna release: componi la prima."
          />
        </section>

        <section className="shell-releases__section" aria-labelledby="releases-versions">
          <h2 id="releases-versions" className="shell-releases__title">
            Versioni pubblicate
          </h2>
          <DataTable<PublishedVersion>
            queryKey={RELEASES_KEY}
            path={VERSIONS_PATH}
            paged={false}
            exportable={false}
            caption="Versioni pubblicate"
            rowKey={(v) => `${v.app}/${v.version}`}
            columns={versionColumns(live, preview)}
            emptyText="Nessuna versione pubblicata."
          />
        </section>
      </div>

      <ModalSuspense>
        {composing && <ComposeModal live={live ?? null} previewOut={Boolean(preview)} onClose={() => setComposing(false)} />}
        {reportsOf !== null && <ReportsModal number={reportsOf} onClose={() => setReportsOf(null)} />}
      </ModalSuspense>
      <ConfirmAction
        target={restoring}
        title="Ripristina la release"
        message={(r) => <RestoreMessage release={r} all={all} />}
        confirmLabel="Ripristina"
        action={(r) => restore.run(r.number)}
        onClose={() => setRestoring(null)}
      />
    </PageLayout>
  );
}
