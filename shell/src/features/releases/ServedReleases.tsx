import { useState, type ReactNode } from 'react';
import type { PlatformRelease } from 'shared-api';
import { ConfirmAction, formatDateTime } from 'shared-ui';
import { useCategoryOptions, usePromote, useWithdraw } from './api';
import { ReportsCell } from './ReportsCell';
import { RolloutPanel } from './RolloutPanel';

type Action = { kind: 'promote' | 'withdraw'; release: PlatformRelease };

function ServedCard({ title, release, children }: { title: string; release: PlatformRelease; children?: ReactNode }) {
  return (
    <section className="ui-card shell-releases__served" aria-label={title}>
      <h2 className="ui-card__title">
        {title}: release {release.number}
      </h2>
      <p className="ui-muted">
        {formatDateTime(release.createdAt)} · {release.createdBy?.name || 'Sistema'}
      </p>
      <dl className="shell-releases__apps">
        {Object.entries(release.apps)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([app, version]) => (
            <div key={app}>
              <dt>{app}</dt>
              <dd>
                <code>{version}</code>
              </dd>
            </div>
          ))}
      </dl>
      <div className="shell-releases__reports">
        <strong>Segnalazioni dai browser:</strong> <ReportsCell number={release.number} />
      </div>
      {children}
    </section>
  );
}

/** The audience of a preview: its categories' names when this user may read them, else how many. */
function AudienceText({ release }: { release: PlatformRelease }) {
  const ids = release.audience?.categories ?? [];
  const categories = useCategoryOptions(ids.length > 0);
  const names = ids.map((id) => categories.data?.find((c) => c._id === id)?.name).filter(Boolean);
  const text = names.length === ids.length ? names.join(', ') : `${ids.length} ${ids.length === 1 ? 'categoria' : 'categorie'}`;
  return <p>Pubblico: {text}</p>;
}

/** The live release and the preview release, if any, with 'Componi' and the preview's promote and withdraw. */
export function ServedReleases({
  live,
  preview,
  loading,
  onCompose,
}: {
  live: PlatformRelease | undefined;
  preview: PlatformRelease | undefined;
  /** The history is still on its way: nothing to say about the served releases yet. */
  loading: boolean;
  onCompose: () => void;
}) {
  const promote = usePromote();
  const withdraw = useWithdraw();
  const [action, setAction] = useState<Action | null>(null);

  return (
    <div className="shell-releases__served-row">
      {live ? (
        <ServedCard title="In linea" release={live} />
      ) : (
        <section className="ui-card shell-releases__served" aria-label="In linea">
          <h2 className="ui-card__title">In linea</h2>
          <p className="ui-muted" role={loading ? 'status' : undefined}>
            {loading ? 'Caricamento in corso...' : 'Nessuna release in linea: il portale serve le build locali.'}
          </p>
        </section>
      )}
      {preview && (
        <ServedCard title={preview.rollout ? 'In distribuzione' : 'In anteprima'} release={preview}>
          {preview.audience && <AudienceText release={preview} />}
          {preview.rollout ? (
            <RolloutPanel number={preview.number} actions />
          ) : (
            <div className="ui-row">
              <button type="button" className="ui-btn ui-btn--primary" onClick={() => setAction({ kind: 'promote', release: preview })}>
                Metti in linea per tutti
              </button>
              <button type="button" className="ui-btn ui-btn--secondary" onClick={() => setAction({ kind: 'withdraw', release: preview })}>
                Ritira
              </button>
            </div>
          )}
        </ServedCard>
      )}
      <div className="shell-releases__compose">
        <button type="button" className="ui-btn ui-btn--primary" onClick={onCompose}>
          Componi
        </button>
      </div>
      <ConfirmAction
        target={action}
        title={action?.kind === 'withdraw' ? "Ritira l'anteprima" : "Metti in linea l'anteprima"}
        message={(a) =>
          a.kind === 'withdraw'
            ? `Il pubblico della release ${a.release.number} torna alla release in linea.`
            : `La release ${a.release.number} va in linea per tutti gli utenti.`
        }
        confirmLabel={action?.kind === 'withdraw' ? 'Ritira' : 'Metti in linea per tutti'}
        danger={action?.kind === 'withdraw'}
        action={(a) => (a.kind === 'withdraw' ? withdraw.run(a.release.number) : promote.run(a.release.number))}
        onClose={() => setAction(null)}
      />
    </div>
  );
}
