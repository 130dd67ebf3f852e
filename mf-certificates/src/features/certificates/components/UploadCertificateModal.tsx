import { useState } from 'react';
import type { Certificate } from 'shared-api';
import { FileInput, ModalForm, notify } from 'shared-ui';
import { useUploadCertificate } from '../api/upload-certificate';

/** Spec 001 §5 Certificates: one file, 5 MB, png, jpeg, jpg or pdf. */
export const CERTIFICATE_FILE_RULES = { accept: ['png', 'jpeg', 'jpg', 'pdf'], maxSizeMB: 5, maxFileCount: 1 };
export const UPLOAD_MISSING = 'Impossibile caricare il certificato: ID o file mancanti.';

/** 'Carica certificato': a new upload of a user's certificate, which then awaits approval. */
export function UploadCertificateModal({ certificate, onClose }: { certificate: Certificate; onClose: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const upload = useUploadCertificate();
  return (
    <ModalForm
      open
      title="Carica certificato"
      onClose={onClose}
      submitLabel="Carica"
      validate={() => {
        if (files.length === 0) notify.error(UPLOAD_MISSING);
        return Promise.resolve(files.length > 0);
      }}
      onSubmit={() => {
        const [file] = files;
        if (!file) return Promise.reject(new Error(UPLOAD_MISSING));
        return upload.mutateAsync({ certificate, file });
      }}
      toasts={upload.toasts}
    >
      {({ submitAttempted }) => (
        <>
          <p className="ui-muted">
            {certificate.type.name} di {certificate.user.surname} {certificate.user.name}
          </p>
          <FileInput
            name="file"
            label="File del certificato"
            required
            value={files}
            onChange={setFiles}
            {...CERTIFICATE_FILE_RULES}
            submitAttempted={submitAttempted}
          />
        </>
      )}
    </ModalForm>
  );
}
