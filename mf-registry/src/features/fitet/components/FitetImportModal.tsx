import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { UPLOAD_RULES, type FitetImportReport, type UploadProgress } from 'shared-api';
import { uploadForm } from 'shared-api/contract';
import { FileInput, Modal, fieldBinder, schemaResolver } from 'shared-ui';
import { useImportFitet } from '../api/import-fitet';
import { FitetImportReportView } from './FitetImportReport';

/** Spec 001 §5 FITET upload: one file, at most 5 MB, Excel (xlsx, xls) or CSV, required. */
const FILE_RULES = UPLOAD_RULES.fitet;
const fitetForm = uploadForm(FILE_RULES);

const percent = (p: UploadProgress | null) => (p && p.total > 0 ? Math.min(100, Math.round((p.loaded / p.total) * 100)) : 0);

/**
 * The add action of Dati FITET: choose the federation's file, watch it upload, then read the server's report
 * (created, updated, and each refused row with its reason). The report stays until the dialog is closed.
 */
export function FitetImportModal({ onClose }: { onClose: () => void }) {
  const form = useForm<{ file: File[] }>({ defaultValues: { file: [] }, resolver: schemaResolver(fitetForm) });
  const bind = fieldBinder(form, form.formState.isSubmitted);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [report, setReport] = useState<FitetImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const importFitet = useImportFitet();
  const pending = importFitet.isPending;

  const send = async ({ file: [file] }: { file: File[] }) => {
    if (!file) return;
    setFailure(null);
    setProgress({ loaded: 0, total: file.size });
    try {
      setReport(await importFitet.run({ file, onProgress: setProgress }));
    } catch (error) {
      // The toast has said it too; the reason stays here, where the file is chosen again.
      setFailure(typeof importFitet.toasts.error === 'function' ? importFitet.toasts.error(error as Error) : importFitet.toasts.error);
      setProgress(null);
    }
  };

  const footer = report ? (
    <button type="button" className="ui-btn ui-btn--primary" onClick={onClose}>
      Chiudi resoconto
    </button>
  ) : (
    <>
      <button type="button" className="ui-btn ui-btn--secondary" onClick={onClose} disabled={pending}>
        Annulla
      </button>
      <button type="submit" form="fitet-import" className="ui-btn ui-btn--primary" disabled={pending}>
        Carica
      </button>
    </>
  );

  return (
    <Modal
      open
      title={report ? 'Resoconto importazione FITET' : 'Carica file FITET'}
      onClose={onClose}
      closeDisabled={pending}
      footer={footer}
      size={report ? 'lg' : 'md'}
    >
      {report ? (
        <FitetImportReportView report={report} />
      ) : (
        <form id="fitet-import" className="ui-stack" onSubmit={form.handleSubmit(send)} noValidate>
          <p className="ui-muted">
            Il file deve avere le colonne Codice tessera, Tipo tessera, Categoria, Data emissione e Data scadenza. Ogni riga è abbinata
            all&apos;utente con lo stesso codice tessera FITET.
          </p>
          <FileInput
            {...bind('file')}
            label="File FITET"
            onChange={(next) => {
              bind('file').onChange(next);
              setFailure(null);
            }}
            {...FILE_RULES}
            required
            disabled={pending}
          />
          {progress && (
            <div className="ui-stack">
              <label htmlFor="fitet-upload-progress">
                {percent(progress) < 100 ? `Caricamento del file: ${percent(progress)}%` : 'File caricato: importazione in corso...'}
              </label>
              <progress id="fitet-upload-progress" max={100} value={percent(progress)}>
                {percent(progress)}%
              </progress>
            </div>
          )}
          {failure && (
            <p className="ui-alert ui-alert--error" role="alert">
              {failure}
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}
