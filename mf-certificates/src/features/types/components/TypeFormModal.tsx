import { useForm } from 'react-hook-form';
import type { CertificateType } from 'shared-api';
import { DAYS_BEFORE_WARN_INVALID, certificateTypeForm, readDaysBeforeWarn } from 'shared-api/contract';
import { CheckboxInput, RecordFormModal, NumberInput, TextInput, schemaResolver } from 'shared-ui';
import { useCreateType } from '../api/create-type';
import { useUpdateType } from '../api/update-type';
import { formatDays } from './days-text';

interface TypeFormValues {
  name: string;
  /** The days as typed: '30, 7, 1'. */
  days_before_warn: string;
  is_medical: boolean;
  /** As typed. */
  validity_months: string;
}

/** Create (type undefined) or edit a certificate type (spec 001 §5 Certificates), validated by the contract's certificateTypeForm. */
export function TypeFormModal({ type, onClose }: { type?: CertificateType; onClose: () => void }) {
  const form = useForm<TypeFormValues>({
    defaultValues: {
      name: type?.name ?? '',
      days_before_warn: formatDays(type?.days_before_warn ?? []),
      is_medical: type?.is_medical ?? false,
      validity_months: String(type?.validity_months ?? 12),
    },
    resolver: schemaResolver(certificateTypeForm),
  });
  const createType = useCreateType();
  const updateType = useUpdateType();

  return (
    <RecordFormModal
      form={form}
      record={type}
      noun="tipologia"
      create={createType}
      update={updateType}
      body={() => certificateTypeForm.parse(form.getValues())}
      onClose={onClose}
    >
      {(bind) => {
        const days = bind('days_before_warn');
        return (
          <>
            <TextInput {...bind('name')} label="Nome" required />
            <TextInput
              {...days}
              label="Giorni prima della notifica"
              required
              hint="Numeri separati da virgola, ad esempio 30, 7, 1"
              // A piece that is no number is said at once, and left out of what is saved.
              error={readDaysBeforeWarn(days.value).invalid ? DAYS_BEFORE_WARN_INVALID : days.error}
            />
            <NumberInput
              {...bind('validity_months')}
              label="Validità (mesi)"
              required
              hint="La scadenza di un certificato approvato è al massimo questo numero di mesi dopo l'approvazione"
            />
            <CheckboxInput
              {...bind('is_medical')}
              label="Certificato medico"
              hint="Il certificato che il socio carica dal profilo e che serve per prenotare"
            />
          </>
        );
      }}
    </RecordFormModal>
  );
}
