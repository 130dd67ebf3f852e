import { useForm } from 'react-hook-form';
import type { Certificate } from 'shared-api';
import { certificateEditPayload } from 'shared-api/contract';
import { DateInput, FormModal, schemaResolver } from 'shared-ui';
import { useEditCertificate } from '../api/edit-certificate';

/** 'Modifica certificato': the expiry date of the latest upload, optional (spec 001 §5). */
export function EditCertificateModal({ certificate, onClose }: { certificate: Certificate; onClose: () => void }) {
  const form = useForm<{ end_date: string | null }>({
    defaultValues: { end_date: certificate.active_record_content?.end_date ?? certificate.current_end_date },
    resolver: schemaResolver(certificateEditPayload),
  });
  const edit = useEditCertificate();
  return (
    <FormModal
      form={form}
      title="Modifica certificato"
      onClose={onClose}
      submitLabel="Salva"
      onSubmit={() => edit.mutateAsync({ certificate, end_date: form.getValues('end_date') })}
      toasts={edit.toasts}
    >
      {(bind) => (
        <>
          <p className="ui-muted">
            {certificate.type.name} di {certificate.user.surname} {certificate.user.name}
          </p>
          <DateInput {...bind('end_date')} label="Data di scadenza" />
        </>
      )}
    </FormModal>
  );
}
