import { useState, type FormEvent } from 'react';
import type { FitetImportReport, UploadProgress } from 'shared-api';
import { FileInput, Modal, validateFiles } from 'shared-ui';
import { useImportFitet } from '../api/import-fitet';
import { FitetImportReportView } from './FitetImportReport';

/** Spec 001 §5 FITET upload: one file, at most 5 MB, Excel (xlsx, xls) or CSV, required. */
const FILE_RULES = { accept: ['xlsx', 'xls', 'csv'], maxFileCount: 1, maxSizeMB: 5 };

const percent = (p: UploadProgress | null) => (p && p.total > 0 ? Math.min(100, Math.round((p.loaded / p.total) * 100)) : 0);

/**
 * The add action of Dati FITET: choose the federation's file, watch it upload, then read the server's report
 * (created, updated, and each refused row with its reason). The report stays until the dialog is closed.
 */
export function FitetImportModal({ onClose }: { onClose: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [report, setReport] = useState<FitetImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const importFitet = useImportFitet();
  const pending = importFitet.isPending;

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitAttempted(true);
    const [file] = files;
    if (!file || validateFiles(files, FILE_RULES)) return;
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
        <form id="fitet-import" className="ui-stack" onSubmit={(e) => void send(e)} noValidate>
          <p className="ui-muted">
            Il file deve avere le colonne Codice tessera, Tipo tessera, Categoria, Data emissione e Data scadenza. Ogni riga è abbinata
            all&apos;utente con lo stesso codice tessera FITET.
          </p>
          <FileInput
            name="file"
            label="File FITET"
            value={files}
            onChange={(next) => {
              setFiles(next);
              setFailure(null);
            }}
            {...FILE_RULES}
            required
            submitAttempted={submitAttempted}
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
