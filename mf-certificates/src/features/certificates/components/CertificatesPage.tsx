import { lazy, useState } from 'react';
import type { Certificate } from 'shared-api';
import { ConfirmAction, DataTable, DeleteIcon, EditIcon, PageLayout, UploadIcon, formatDate, type Column, ModalSuspense } from 'shared-ui';
import { CERTIFICATES_PAGE } from '../../../components/page';
import { useDeleteCertificate } from '../api/delete-certificate';
import { downloadRecordFile } from '../api/download-file';
import { CERTIFICATES_PATH, CERTIFICATES_QUERY_KEY } from '../api/get-certificates';
import { STATE_BADGES, notesOf, pendingRecord } from '../certificate-forms';

// The forms (react-hook-form, the contract's schemas, the date picker) load when they open, not with the routes of the app.
const CertificateFormModal = lazy(() => import('./CertificateFormModal').then((m) => ({ default: m.CertificateFormModal })));
const EditCertificateModal = lazy(() => import('./EditCertificateModal').then((m) => ({ default: m.EditCertificateModal })));
const UploadCertificateModal = lazy(() => import('./UploadCertificateModal').then((m) => ({ default: m.UploadCertificateModal })));
const ApproveCertificateModal = lazy(() => import('./ApproveCertificateModal').then((m) => ({ default: m.ApproveCertificateModal })));

type Dialog = { kind: 'create' } | { kind: 'edit' | 'upload' | 'approve' | 'delete'; certificate: Certificate } | null;

function FileCell({ certificate, onApprove }: { certificate: Certificate; onApprove: () => void }) {
  const record = certificate.active_record_content;
  if (!record) return <span className="ui-muted">Nessun file</span>;
  return (
    <span className="ui-row">
      <button
        type="button"
        className="ui-btn ui-btn--ghost ui-btn--sm"
        title={`Scarica ${record.fileName}`}
        // A long file name is cut with an ellipsis so every column fits at 1280 px; the title shows it whole.
        style={{ maxWidth: '11em', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'inline-block' }}
        onClick={() => void downloadRecordFile(record.fileUrl, record.fileName)}
      >
        {record.fileName}
      </button>
      {pendingRecord(certificate) && (
        <button type="button" className="ui-btn ui-btn--primary ui-btn--sm" onClick={onApprove}>
          Approva
        </button>
      )}
    </span>
  );
}

function StateCell({ certificate }: { certificate: Certificate }) {
  const badge = STATE_BADGES[certificate.status];
  return (
    <span className={badge.className} data-state={certificate.status}>
      {badge.label}
    </span>
  );
}

/** Gestione certificati (spec 001 §2 Certificates): the members' certificates, their uploads and approvals. */
export function CertificatesPage() {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const deleteCertificate = useDeleteCertificate();

  const columns: Column<Certificate>[] = [
    { key: 'type.name', header: 'Tipologia', sortable: true, sortKey: 'type' },
    { key: 'user.surname', header: 'Cognome', sortable: true, sortKey: 'surname' },
    { key: 'user.name', header: 'Nome', sortable: true, sortKey: 'name' },
    { key: 'user.fiscal_code', header: 'Codice fiscale', sortable: true, sortKey: 'fiscal_code', detail: true },
    { key: 'file', header: 'File', render: (c) => <FileCell certificate={c} onApprove={() => setDialog({ kind: 'approve', certificate: c })} /> },
    { key: 'current_end_date', header: 'Scadenza', sortable: true, render: (c) => formatDate(c.current_end_date ?? '') },
    { key: 'is_approved', header: 'Approvato', sortable: true },
    { key: 'status', header: 'Valido', render: (c) => <StateCell certificate={c} /> },
    { key: 'notes', header: 'Note', render: notesOf, detail: true },
  ];

  return (
    <PageLayout {...CERTIFICATES_PAGE} title="Gestione certificati">
      <DataTable<Certificate>
        queryKey={CERTIFICATES_QUERY_KEY}
        path={CERTIFICATES_PATH}
        columns={columns}
        exportName="certificati"
        caption="Certificati"
        rowKey={(c) => c._id}
        toolbar={
          <button type="button" className="ui-btn ui-btn--primary" onClick={() => setDialog({ kind: 'create' })}>
            Aggiungi certificato
          </button>
        }
        rowActions={(certificate) => [
          { label: 'Carica file', icon: <UploadIcon />, onClick: () => setDialog({ kind: 'upload', certificate }) },
          { label: 'Modifica', icon: <EditIcon />, onClick: () => setDialog({ kind: 'edit', certificate }) },
          { label: 'Elimina', icon: <DeleteIcon />, danger: true, onClick: () => setDialog({ kind: 'delete', certificate }) },
        ]}
      />

      <ModalSuspense>
        {dialog?.kind === 'create' && <CertificateFormModal onClose={close} />}
        {dialog?.kind === 'edit' && <EditCertificateModal key={dialog.certificate._id} certificate={dialog.certificate} onClose={close} />}
        {dialog?.kind === 'upload' && <UploadCertificateModal key={dialog.certificate._id} certificate={dialog.certificate} onClose={close} />}
        {dialog?.kind === 'approve' && <ApproveCertificateModal key={dialog.certificate._id} certificate={dialog.certificate} onClose={close} />}
      </ModalSuspense>
      <ConfirmAction
        target={dialog?.kind === 'delete' ? dialog.certificate : null}
        title="Elimina certificato"
        message={(c) =>
          `Sei sicuro di voler eliminare il certificato '${c.type.name}' di ${c.user.name} ${c.user.surname} e tutti i suoi file? L'operazione non è reversibile`
        }
        confirmLabel="Elimina"
        danger
        action={(c) => deleteCertificate.run(c)}
        onClose={close}
      />
    </PageLayout>
  );
}
