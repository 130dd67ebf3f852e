import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { UPLOAD_RULES } from 'shared-api';
import { FileInput, Modal, contractResolver, fieldBinder, notify } from 'shared-ui';
import { CARD_MESSAGES, uploadMyCertificate } from '../api/medical-certificate';

interface UploadFormValues {
  file: File[];
}

/** The contract's upload form of a medical certificate, loaded when first checked: the profile's card carries no zod. */
const uploadResolver = () => contractResolver<UploadFormValues>((contract) => contract.uploadForm(UPLOAD_RULES.certificate));

/** 'Carica certificato medico' (spec 000 §2.7): one file, checked by the contract's upload form. */
export function UploadDialog({ onClose, onUploaded }: { onClose: () => void; onUploaded: () => Promise<void> }) {
  const [resolver] = useState(uploadResolver);
  const form = useForm<UploadFormValues>({ defaultValues: { file: [] }, resolver });
  const pending = form.formState.isSubmitting;

  async function upload({ file: [file] }: UploadFormValues) {
    if (!file) return;
    try {
      await uploadMyCertificate(file);
      await onUploaded();
      onClose();
    } catch {
      // The error toast said why; the chosen file stays for another try.
    }
  }

  const submit = form.handleSubmit(upload, () => {
    if (form.getValues('file').length === 0) notify.error(CARD_MESSAGES.fileMissing);
  });

  return (
    <Modal
      open
      title="Carica certificato medico"
      onClose={onClose}
      closeDisabled={pending}
      footer={
        <>
          <button type="button" className="ui-btn ui-btn--secondary" onClick={onClose} disabled={pending}>
            Annulla
          </button>
          <button type="submit" form="medical-certificate-upload" className="ui-btn ui-btn--primary" disabled={pending}>
            Carica
          </button>
        </>
      }
    >
      <form id="medical-certificate-upload" onSubmit={(e) => void submit(e)} noValidate>
        <FileInput
          {...fieldBinder(form, form.formState.isSubmitted)('file')}
          name="medical-certificate-file"
          label="File del certificato medico"
          required
          disabled={pending}
          hint="Un file PDF, PNG o JPEG di al massimo 5 MB"
          {...UPLOAD_RULES.certificate}
        />
      </form>
    </Modal>
  );
}
