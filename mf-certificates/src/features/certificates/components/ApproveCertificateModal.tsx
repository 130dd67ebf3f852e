import { useForm } from 'react-hook-form';
import type { Certificate } from 'shared-api';
import { certificateApproveForm } from 'shared-api/contract';
import { DateInput, ModalForm, TextArea, clubToday, fieldBinder, notify, schemaResolver } from 'shared-ui';
import { useApproveCertificate } from '../api/approve-certificate';
import { pendingRecord } from '../certificate-forms';

export const APPROVE_MISSING = 'Impossibile approvare il certificato: dati mancanti.';

interface ApproveFormValues {
  end_date: string | null;
  notes: string;
}

/**
 * 'Approva certificato': the upload awaiting approval, with the expiry date (required for a medical certificate, issue
 * 25; optional otherwise, spec 001 §5) and the notes the form requires.
 */
export function ApproveCertificateModal({ certificate, onClose }: { certificate: Certificate; onClose: () => void }) {
  const record = pendingRecord(certificate);
  const dateRequired = certificate.type.is_medical;
  const schema = certificateApproveForm(dateRequired);
  const form = useForm<ApproveFormValues>({ defaultValues: { end_date: record?.end_date ?? null, notes: '' }, resolver: schemaResolver(schema) });
  const approve = useApproveCertificate();
  return (
    <ModalForm
      open
      title="Approva certificato"
      onClose={onClose}
      submitLabel="Approva"
      validate={async () => {
        const valid = await form.trigger();
        // The list changed under the dialog (the upload was approved or replaced meanwhile): nothing to approve.
        if (!record) notify.error(APPROVE_MISSING);
        return valid && record !== null;
      }}
      onSubmit={() => {
        const { end_date, notes } = schema.parse(form.getValues());
        return approve.mutateAsync({ certificate, recordId: record?.recordId ?? '', end_date: end_date ?? null, notes });
      }}
      toasts={approve.toasts}
    >
      {({ submitAttempted }) => {
        const bind = fieldBinder(form, submitAttempted);
        return (
          <>
            <p className="ui-muted">
              {certificate.type.name} di {certificate.user.surname} {certificate.user.name}
              {record ? ` · file ${record.fileName}` : ''}
            </p>
            <DateInput {...bind('end_date')} label="Data di scadenza" required={dateRequired} minDate={clubToday()} />
            <TextArea {...bind('notes')} label="Note" required />
          </>
        );
      }}
    </ModalForm>
  );
}
