import { lazy, useState } from 'react';
import { FINANCE_EXPORT_FILES, type SelfCertification } from 'shared-api';
import { ConfirmAction, DataTable, DeleteIcon, MONTH_NAMES, PageLayout, formatDate, type Column, ModalSuspense } from 'shared-ui';
import { formatAmount } from '../../../components/money';
import { FINANCE_PAGE } from '../../../components/page';
import { CERTIFICATIONS_PATH, CERTIFICATIONS_QUERY_KEY, useDeleteSelfCertification } from '../api';

// The dialogs (react-hook-form, the contract's schemas) load when they open.
const PdfDownloadDialog = lazy(() => import('./PdfDownloadDialog').then((m) => ({ default: m.PdfDownloadDialog })));
const SelfCertificationFormModal = lazy(() => import('./SelfCertificationFormModal').then((m) => ({ default: m.SelfCertificationFormModal })));

type Dialog = { kind: 'create' } | { kind: 'pdf' | 'delete'; certification: SelfCertification } | null;

const COLUMNS: Column<SelfCertification>[] = [
  { key: 'user.name', header: 'Nome', sortable: true, sortKey: 'name' },
  { key: 'user.surname', header: 'Cognome', sortable: true, sortKey: 'surname' },
  { key: 'month', header: 'Mese', sortable: true, render: (s) => MONTH_NAMES[s.month - 1] ?? String(s.month) },
  { key: 'year', header: 'Anno', sortable: true },
  { key: 'amount', header: 'Importo', sortable: true, align: 'end', render: (s) => formatAmount(s.amount) },
  { key: 'issue_date', header: 'Data di rilascio', sortable: true, render: (s) => formatDate(s.issue_date) },
  { key: 'created_at', header: 'Data di creazione', sortable: true, render: (s) => formatDate(s.created_at) },
];

/** Autocertificazioni (spec 002 §2 Self-certifications): each one downloadable as the PDF the server renders. */
export function SelfCertificationsPage() {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const remove = useDeleteSelfCertification();

  return (
    <PageLayout {...FINANCE_PAGE} title="Autocertificazioni">
      <DataTable<SelfCertification>
        queryKey={CERTIFICATIONS_QUERY_KEY}
        path={CERTIFICATIONS_PATH}
        columns={COLUMNS}
        exportName={FINANCE_EXPORT_FILES.selfCertification}
        caption="Autocertificazioni"
        rowKey={(s) => s._id}
        toolbar={
          <button type="button" className="ui-btn ui-btn--primary" onClick={() => setDialog({ kind: 'create' })}>
            Aggiungi autocertificazione
          </button>
        }
        rowActions={(certification) => [
          { label: 'Scarica PDF', onClick: () => setDialog({ kind: 'pdf', certification }) },
          { label: 'Elimina', icon: <DeleteIcon />, danger: true, onClick: () => setDialog({ kind: 'delete', certification }) },
        ]}
      />
      <ModalSuspense>
        {dialog?.kind === 'create' && <SelfCertificationFormModal onClose={close} />}
        {dialog?.kind === 'pdf' && <PdfDownloadDialog certification={dialog.certification} onClose={close} />}
      </ModalSuspense>
      <ConfirmAction
        target={dialog?.kind === 'delete' ? dialog.certification : null}
        title="Elimina autocertificazione"
        message={(s) =>
          `Sei sicuro di voler eliminare questa autocertificazione (${s.user.surname} ${s.user.name}, ${MONTH_NAMES[s.month - 1] ?? s.month} ${s.year})? L'operazione non è reversibile`
        }
        confirmLabel="Elimina"
        danger
        action={(s) => remove.run(s._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
