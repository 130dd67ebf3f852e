import type { ClientErrorKind } from 'shared-api';
import { Modal, formatDateTime } from 'shared-ui';
import { useReleaseDetail } from './api';
import { reportSummary } from './release-text';
import { RolloutPanel } from './RolloutPanel';

const KIND_TEXT: Record<ClientErrorKind, string> = {
  load: 'Caricamento',
  render: 'Disegno della pagina',
  rejection: 'Promessa rifiutata',
};

/** The error reports of one release, per app: how many, from how many users, when, and the most frequent messages. */
export function ReportsModal({ number, onClose }: { number: number; onClose: () => void }) {
  const detail = useReleaseDetail(number);
  return (
    <Modal open title={`Segnalazioni della release ${number}`} onClose={onClose} size="lg">
      {detail.isPending && <p role="status">Caricamento in corso...</p>}
      {detail.isError && (
        <p className="ui-alert ui-alert--error" role="alert">
          Errore durante il recupero delle segnalazioni.
        </p>
      )}
      {detail.data && (
        <div className="ui-stack">
          {detail.data.release.rollout && <RolloutPanel number={number} actions={false} />}
          {detail.data.errors.map((e) => (
            <section key={e.app} aria-label={e.app} className="shell-releases__report">
              <h3 className="shell-releases__subtitle">
                {e.app} <code>{e.version}</code>
              </h3>
              <p>
                {reportSummary(e)}
                {e.first && ` · prima ${formatDateTime(e.first)}, ultima ${formatDateTime(e.last ?? e.first)}`}
              </p>
              {e.topMessages.length > 0 && (
                <ul className="shell-releases__lines">
                  {e.topMessages.map((m) => (
                    <li key={`${m.kind}-${m.message}`}>
                      <strong>{KIND_TEXT[m.kind]}</strong> ({m.count}): {m.message}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
    </Modal>
  );
}
