import { useForm } from 'react-hook-form';
import type { FitetRecord, FitetRecordPayloadInput } from 'shared-api';
import { fitetRecordPayload } from 'shared-api/contract';
import { DateInput, FormModal, TextInput, schemaResolver } from 'shared-ui';
import { useUpdateFitetRecord } from '../api/update-fitet';

interface FitetRecordFormValues {
  card_type: string;
  category: string;
  start_date: string | null;
  end_date: string | null;
}

const toForm = (record: FitetRecord): FitetRecordFormValues => ({
  card_type: record.card_type ?? '',
  category: record.category ?? '',
  start_date: record.start_date,
  end_date: record.end_date,
});

/**
 * Corrects one federation record by hand (issue 26 item 14), validated by the contract's fitetRecordPayload. The card
 * code ties the record to its member and to the next import, so it is shown and not edited.
 */
export function FitetRecordFormModal({ record, onClose }: { record: FitetRecord; onClose: () => void }) {
  const form = useForm<FitetRecordFormValues>({
    defaultValues: toForm(record),
    resolver: schemaResolver(fitetRecordPayload),
  });
  const update = useUpdateFitetRecord();

  const submit = () => update.mutateAsync({ id: record._id, body: fitetRecordPayload.parse(form.getValues() satisfies FitetRecordPayloadInput) });

  return (
    <FormModal form={form} title="Modifica dato FITET" onClose={onClose} submitLabel="Salva" onSubmit={submit} toasts={update.toasts}>
      {(bind) => {
        return (
          <>
            <p>
              Tessera {record.member_id} · {record.user.surname} {record.user.name}
            </p>
            <div className="ui-grid ui-grid--2">
              <TextInput {...bind('card_type')} label="Tipo tessera" />
              <TextInput {...bind('category')} label="Categoria" />
              <DateInput {...bind('start_date')} label="Data emissione" />
              <DateInput {...bind('end_date')} label="Data scadenza" />
            </div>
          </>
        );
      }}
    </FormModal>
  );
}
