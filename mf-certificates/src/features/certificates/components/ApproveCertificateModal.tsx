import { useState } from 'react';
import { FIELD_MESSAGES, type Certificate } from 'shared-api';
import { DateInput, ModalForm, TextArea, notify } from 'shared-ui';
import { useApproveCertificate } from '../api/approve-certificate';
import { pendingRecord } from '../certificate-forms';

export const APPROVE_MISSING = 'Impossibile approvare il certificato: dati mancanti.';

/**
 * 'Approva certificato': the upload awaiting approval, with the expiry date (required for a medical certificate, issue
 * 25; optional otherwise, spec 001 §5) and the notes the form requires.
 */
export function ApproveCertificateModal({ certificate, onClose }: { certificate: Certificate; onClose: () => void }) {
  const record = pendingRecord(certificate);
  const [endDate, setEndDate] = useState<string | null>(record?.end_date ?? null);
  const [notes, setNotes] = useState('');
  const approve = useApproveCertificate();
  const dateRequired = certificate.type.is_medical;
  return (
    <ModalForm
      open
      title="Approva certificato"
      onClose={onClose}
      submitLabel="Approva"
      validate={() => {
        // The list changed under the dialog (the upload was approved or replaced meanwhile): nothing to approve.
        if (!record) notify.error(APPROVE_MISSING);
        return Promise.resolve(record !== null && notes.trim() !== '' && !(dateRequired && !endDate));
      }}
      onSubmit={() => approve.mutateAsync({ certificate, recordId: record?.recordId ?? '', end_date: endDate, notes: notes.trim() })}
      toasts={approve.toasts}
    >
      {({ submitAttempted }) => (
        <>
          <p className="ui-muted">
            {certificate.type.name} di {certificate.user.surname} {certificate.user.name}
            {record ? ` · file ${record.fileName}` : ''}
          </p>
          <DateInput
            name="end_date"
            label="Data di scadenza"
            required={dateRequired}
            submitAttempted={submitAttempted}
            value={endDate}
            onChange={setEndDate}
          />
          <TextArea
            name="notes"
            label="Note"
            required
            value={notes}
            onChange={setNotes}
            error={submitAttempted && notes.trim() === '' ? FIELD_MESSAGES.required : null}
          />
        </>
      )}
    </ModalForm>
  );
}
