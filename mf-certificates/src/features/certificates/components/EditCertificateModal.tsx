import { useState } from 'react';
import type { Certificate } from 'shared-api';
import { DateInput, ModalForm } from 'shared-ui';
import { useEditCertificate } from '../api/edit-certificate';

/** 'Modifica certificato': the expiry date of the latest upload, optional (spec 001 §5). */
export function EditCertificateModal({ certificate, onClose }: { certificate: Certificate; onClose: () => void }) {
  const [endDate, setEndDate] = useState<string | null>(certificate.active_record_content?.end_date ?? certificate.current_end_date);
  const edit = useEditCertificate();
  return (
    <ModalForm
      open
      title="Modifica certificato"
      onClose={onClose}
      submitLabel="Salva"
      onSubmit={() => edit.mutateAsync({ certificate, end_date: endDate })}
      toasts={edit.toasts}
    >
      {() => (
        <>
          <p className="ui-muted">
            {certificate.type.name} di {certificate.user.surname} {certificate.user.name}
          </p>
          <DateInput name="end_date" label="Data di scadenza" value={endDate} onChange={setEndDate} />
        </>
      )}
    </ModalForm>
  );
}
