import { lazy, useState } from 'react';
import type { MailingListClass } from 'shared-api';
import { ConfirmAction, DataTable, DeleteIcon, EditIcon, PageLayout, type Column, ModalSuspense } from 'shared-ui';
import { REGISTRY_PAGE } from '../../../components/page';
import { useDeleteMailingList } from '../api/delete-mailing-list';
import { MAILING_LISTS_PATH, MAILING_LISTS_QUERY_KEY } from '../api/get-mailing-lists';
import { MAILING_LIST_TYPE_LABELS } from '../mailing-list-form';

// The forms (react-hook-form and the contract's zod schemas) load when they open, not with the routes of the app.
const MailingListFormModal = lazy(() => import('./MailingListFormModal').then((m) => ({ default: m.MailingListFormModal })));
const SendEmailModal = lazy(() => import('./SendEmailModal').then((m) => ({ default: m.SendEmailModal })));

type Dialog = { kind: 'create' | 'send' } | { kind: 'edit' | 'delete'; list: MailingListClass } | null;

const COLUMNS: Column<MailingListClass>[] = [
  { key: 'name', header: 'Nome', sortable: true },
  { key: 'description', header: 'Descrizione', sortable: true },
  {
    key: 'type',
    header: 'Tipo',
    sortable: true,
    render: (l) => (
      <span className={`ui-badge ${l.type === 'COMMERCIALE' ? 'ui-badge--warning' : 'ui-badge--accent'}`}>{MAILING_LIST_TYPE_LABELS[l.type]}</span>
    ),
  },
  { key: 'is_default', header: 'Predefinita', sortable: true },
];

/** Mailing list (spec 001 §2 Mailing lists): the lists, and the 'Invia email' action. */
export function MailingListsPage() {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const deleteList = useDeleteMailingList();

  return (
    <PageLayout {...REGISTRY_PAGE} title="Mailing list">
      <DataTable<MailingListClass>
        queryKey={MAILING_LISTS_QUERY_KEY}
        path={MAILING_LISTS_PATH}
        columns={COLUMNS}
        exportName="mailing-list"
        caption="Mailing list"
        rowKey={(l) => l._id}
        toolbar={
          <>
            <button type="button" className="ui-btn ui-btn--secondary" onClick={() => setDialog({ kind: 'send' })}>
              Invia email
            </button>
            <button type="button" className="ui-btn ui-btn--primary" onClick={() => setDialog({ kind: 'create' })}>
              Aggiungi mailing list
            </button>
          </>
        }
        rowActions={(list) => [
          { label: 'Modifica', icon: <EditIcon />, onClick: () => setDialog({ kind: 'edit', list }) },
          { label: 'Elimina', icon: <DeleteIcon />, danger: true, onClick: () => setDialog({ kind: 'delete', list }) },
        ]}
      />

      <ModalSuspense>
        {dialog?.kind === 'create' && <MailingListFormModal onClose={close} />}
        {dialog?.kind === 'edit' && <MailingListFormModal key={dialog.list._id} list={dialog.list} onClose={close} />}
        {dialog?.kind === 'send' && <SendEmailModal onClose={close} />}
      </ModalSuspense>
      <ConfirmAction
        target={dialog?.kind === 'delete' ? dialog.list : null}
        title="Elimina mailing list"
        message={(list) => `Sei sicuro di voler eliminare la mailing list «${list.name}»? L'operazione non è reversibile`}
        confirmLabel="Elimina"
        danger
        action={(list) => deleteList.run(list._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
