import { useForm } from 'react-hook-form';
import { UPLOAD_RULES, type Certificate } from 'shared-api';
import { uploadForm } from 'shared-api/contract';
import { FileInput, ModalForm, fieldBinder, notify, schemaResolver } from 'shared-ui';
import { useUploadCertificate } from '../api/upload-certificate';

export const UPLOAD_MISSING = 'Impossibile caricare il certificato: ID o file mancanti.';

/** Spec 001 §5 Certificates: one file, 5 MB, png, jpeg, jpg or pdf. */
const certificateUploadForm = uploadForm(UPLOAD_RULES.certificate);

/** 'Carica certificato': a new upload of a user's certificate, which then awaits approval. */
export function UploadCertificateModal({ certificate, onClose }: { certificate: Certificate; onClose: () => void }) {
  const form = useForm<{ file: File[] }>({ defaultValues: { file: [] }, resolver: schemaResolver(certificateUploadForm) });
  const upload = useUploadCertificate();
  return (
    <ModalForm
      open
      title="Carica certificato"
      onClose={onClose}
      submitLabel="Carica"
      validate={async () => {
        const valid = await form.trigger();
        if (form.getValues('file').length === 0) notify.error(UPLOAD_MISSING);
        return valid;
      }}
      onSubmit={() => {
        const [file] = form.getValues('file');
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
          <FileInput {...fieldBinder(form, submitAttempted)('file')} label="File del certificato" required {...UPLOAD_RULES.certificate} />
        </>
      )}
    </ModalForm>
  );
}
