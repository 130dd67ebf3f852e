import { lazy, useState } from 'react';
import type { Enrollment, TrainingGroup } from 'shared-api';
import { ConfirmAction, DataTable, PageLayout, ModalSuspense } from 'shared-ui';
import { REGISTRY_PAGE } from '../../../components/page';
import { useRemoveParticipant } from '../api/enrollment-mutations';
import { GROUPS_PAGE_SIZE, TRAINING_GROUPS_PATH, TRAINING_GROUPS_QUERY_KEY } from '../api/get-training-groups';
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

/** Gruppi di allenamento (spec 001 §2 Training groups): one card per group, each with its participants. */
export function TrainingGroupsPage() {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const deleteGroup = useDeleteTrainingGroup();
  const removeParticipant = useRemoveParticipant();

  return (
    <PageLayout {...REGISTRY_PAGE} title="Gruppi di allenamento">
      <DataTable<TrainingGroup>
        queryKey={TRAINING_GROUPS_QUERY_KEY}
        path={TRAINING_GROUPS_PATH}
        pageSize={GROUPS_PAGE_SIZE}
        exportName="gruppi-allenamento"
        emptyText="Nessun gruppo di allenamento: aggiungine uno."
        toolbar={
          <button type="button" className="ui-btn ui-btn--primary" onClick={() => setDialog({ kind: 'create' })}>
            Aggiungi gruppo
          </button>
        }
        renderCard={(group) => (
          <TrainingGroupCard
            group={group}
            onEdit={() => setDialog({ kind: 'edit', group })}
            onDelete={() => setDialog({ kind: 'delete', group })}
            onAddParticipant={() => setDialog({ kind: 'enroll', group })}
            onEditParticipant={(enrollment) => setDialog({ kind: 'edit-enrollment', group, enrollment })}
            onRemoveParticipant={(enrollment) => setDialog({ kind: 'unenroll', group, enrollment })}
          />
        )}
      />

      <ModalSuspense>
        {dialog?.kind === 'create' && <TrainingGroupFormModal onClose={close} />}
        {dialog?.kind === 'edit' && <TrainingGroupFormModal key={dialog.group._id} group={dialog.group} onClose={close} />}
        {dialog?.kind === 'enroll' && <EnrollmentFormModal group={dialog.group} onClose={close} />}
        {dialog?.kind === 'edit-enrollment' && (
          <EnrollmentFormModal key={dialog.enrollment._id} group={dialog.group} enrollment={dialog.enrollment} onClose={close} />
        )}
      </ModalSuspense>
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
