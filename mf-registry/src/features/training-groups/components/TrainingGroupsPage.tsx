import { lazy, Suspense, useEffect, useState } from 'react';
import { download, type Enrollment, type TrainingGroup } from 'shared-api';
import { ConfirmAction, ExportMenu, PageLayout, TABLE_MESSAGES, useDebouncedValue } from 'shared-ui';
import { REGISTRY_PAGE } from '../../../components/page';
import { useRemoveParticipant } from '../api/enrollment-mutations';
import { TRAINING_GROUPS_PATH, useTrainingGroups } from '../api/get-training-groups';
import { useDeleteTrainingGroup } from '../api/group-mutations';
import { personName } from '../training-group-form';
import { TrainingGroupCard } from './TrainingGroupCard';

// The forms (react-hook-form, the contract's zod schemas, the time and date pickers) load when they open.
const TrainingGroupFormModal = lazy(() => import('./TrainingGroupFormModal').then((m) => ({ default: m.TrainingGroupFormModal })));
const EnrollmentFormModal = lazy(() => import('./EnrollmentFormModal').then((m) => ({ default: m.EnrollmentFormModal })));

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit' | 'delete' | 'enroll'; group: TrainingGroup }
  | { kind: 'edit-enrollment' | 'unenroll'; group: TrainingGroup; enrollment: Enrollment }
  | null;

const SEARCH_DEBOUNCE_MS = 450;

/** Gruppi di allenamento (spec 001 §2 Training groups): one card per group, each with its participants. */
export function TrainingGroupsPage() {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [q]);
  const groups = useTrainingGroups({ page, q });
  const deleteGroup = useDeleteTrainingGroup();
  const removeParticipant = useRemoveParticipant();

  const totalPages = groups.data?.meta.totalPages ?? 1;
  // Groups deleted from the last page: show the new last page instead of an empty one.
  useEffect(() => {
    if (groups.data && page > Math.max(1, totalPages)) setPage(Math.max(1, totalPages));
  }, [groups.data, page, totalPages]);

  return (
    <PageLayout {...REGISTRY_PAGE} title="Gruppi di allenamento">
      <div className="ui-stack">
        <div className="ui-table-toolbar">
          <input
            type="search"
            className="ui-control ui-table-toolbar__search"
            placeholder={TABLE_MESSAGES.search}
            aria-label="Cerca"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <div className="ui-table-toolbar__actions">
            <ExportMenu
              onExport={(format) =>
                download(`${TRAINING_GROUPS_PATH}/export`, format === 'pdf' ? 'gruppi-allenamento' : `gruppi-allenamento.${format}`, {
                  q: q || undefined,
                  format,
                })
              }
            />
            <button type="button" className="ui-btn ui-btn--primary" onClick={() => setDialog({ kind: 'create' })}>
              Aggiungi gruppo
            </button>
          </div>
        </div>

        {groups.isPending && (
          <p className="ui-loading" role="status">
            Caricamento in corso...
          </p>
        )}
        {groups.isError && (
          <div className="ui-alert ui-alert--error" role="alert">
            <span>Si è verificato un errore: {groups.error.message}</span>{' '}
            <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm" onClick={() => void groups.refetch()} disabled={groups.isFetching}>
              Ricarica
            </button>
          </div>
        )}
        {groups.data?.data.length === 0 && <p className="ui-empty">{q ? TABLE_MESSAGES.empty : 'Nessun gruppo di allenamento: aggiungine uno.'}</p>}

        {groups.data?.data.map((group) => (
          <TrainingGroupCard
            key={group._id}
            group={group}
            onEdit={() => setDialog({ kind: 'edit', group })}
            onDelete={() => setDialog({ kind: 'delete', group })}
            onAddParticipant={() => setDialog({ kind: 'enroll', group })}
            onEditParticipant={(enrollment) => setDialog({ kind: 'edit-enrollment', group, enrollment })}
            onRemoveParticipant={(enrollment) => setDialog({ kind: 'unenroll', group, enrollment })}
          />
        ))}

        {totalPages > 1 && (
          <nav className="ui-pagination" aria-label="Paginazione">
            <button
              type="button"
              className="ui-pagination__button"
              onClick={() => setPage(page - 1)}
              disabled={page <= 1}
              aria-label="Pagina precedente"
            >
              ‹
            </button>
            <span className="ui-muted">
              Pagina {page} di {totalPages}
            </span>
            <button
              type="button"
              className="ui-pagination__button"
              onClick={() => setPage(page + 1)}
              disabled={page >= totalPages}
              aria-label="Pagina successiva"
            >
              ›
            </button>
          </nav>
        )}
      </div>

      <Suspense fallback={<p role="status">Caricamento del modulo in corso...</p>}>
        {dialog?.kind === 'create' && <TrainingGroupFormModal onClose={close} />}
        {dialog?.kind === 'edit' && <TrainingGroupFormModal key={dialog.group._id} group={dialog.group} onClose={close} />}
        {dialog?.kind === 'enroll' && <EnrollmentFormModal group={dialog.group} onClose={close} />}
        {dialog?.kind === 'edit-enrollment' && (
          <EnrollmentFormModal key={dialog.enrollment._id} group={dialog.group} enrollment={dialog.enrollment} onClose={close} />
        )}
      </Suspense>
      <ConfirmAction
        target={dialog?.kind === 'delete' ? dialog.group : null}
        title="Elimina gruppo di allenamento"
        message="Sei sicuro di voler eliminare questo gruppo di allenamento? L'operazione non è reversibile"
        confirmLabel="Elimina"
        danger
        action={(group) => deleteGroup.run(group._id)}
        onClose={close}
      />
      <ConfirmAction
        target={dialog?.kind === 'unenroll' ? dialog : null}
        title="Rimuovi partecipante"
        message={(d) => `Sei sicuro di voler rimuovere ${personName(d.enrollment.trainee)} dal gruppo? L'operazione non è reversibile`}
        confirmLabel="Rimuovi"
        danger
        action={(d) => removeParticipant.run({ groupId: d.group._id, userId: d.enrollment.trainee._id })}
        onClose={close}
      />
    </PageLayout>
  );
}
