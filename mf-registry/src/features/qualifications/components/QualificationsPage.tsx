import { lazy } from 'react';
import type { Qualification } from 'shared-api';
import { ConfirmAction, DataTable, PageLayout, type Column, useRowDialog, ModalSuspense } from 'shared-ui';
import { REGISTRY_PAGE } from '../../../components/page';
import { ColourSwatch } from '../../../components/ColourSwatch';
import { useDeleteQualification } from '../api/delete-qualification';
import { QUALIFICATIONS_PATH, QUALIFICATIONS_QUERY_KEY } from '../api/get-qualifications';

// The form (react-hook-form and the contract's zod schemas) loads when it opens, not with the list.
const QualificationFormModal = lazy(() => import('./QualificationFormModal').then((m) => ({ default: m.QualificationFormModal })));

const names = (refs: { name: string }[]) => refs.map((r) => r.name).join(', ');

const COLUMNS: Column<Qualification>[] = [
  { key: 'name', header: 'Nome', sortable: true },
  { key: 'description', header: 'Descrizione' },
  { key: 'color', header: 'Colore', render: (q) => <ColourSwatch colour={q.color} /> },
  { key: 'reservation_rules', header: 'Regole di prenotazione', render: (q) => names(q.reservation_rules) },
  { key: 'mailing_list_classes', header: 'Classi mailing list', render: (q) => names(q.mailing_list_classes) },
  { key: 'priority', header: 'Priorità', sortable: true, align: 'end' },
];

/** Qualifiche sociali (spec 001 §2 Qualifications). */
export function QualificationsPage() {
  const { creating, edited, deleted, openCreate, close, editDeleteActions } = useRowDialog<Qualification>();
  const deleteQualification = useDeleteQualification();

  return (
    <PageLayout {...REGISTRY_PAGE} title="Qualifiche sociali">
      <DataTable<Qualification>
        queryKey={QUALIFICATIONS_QUERY_KEY}
        path={QUALIFICATIONS_PATH}
        columns={COLUMNS}
        exportName="qualifiche"
        caption="Qualifiche sociali"
        rowKey={(q) => q._id}
        toolbar={
          <button type="button" className="ui-btn ui-btn--primary" onClick={openCreate}>
            Aggiungi qualifica
          </button>
        }
        rowActions={editDeleteActions}
      />

      <ModalSuspense>
        {creating && <QualificationFormModal onClose={close} />}
        {edited && <QualificationFormModal key={edited._id} qualification={edited} onClose={close} />}
      </ModalSuspense>
      <ConfirmAction
        target={deleted}
        title="Elimina qualifica"
        message="Sei sicuro di voler eliminare questa qualifica? L'operazione non è reversibile"
        confirmLabel="Elimina"
        danger
        action={(qualification) => deleteQualification.run(qualification._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
