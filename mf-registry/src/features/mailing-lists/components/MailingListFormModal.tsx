import { useForm } from 'react-hook-form';
import type { MailingListClass } from 'shared-api';
import { mailingListClassPayload } from 'shared-api/contract';
import { CheckboxInput, MenuInput, RecordFormModal, TextArea, TextInput, schemaResolver } from 'shared-ui';
import { useCreateMailingList } from '../api/create-mailing-list';
import { useUpdateMailingList } from '../api/update-mailing-list';
import { MAILING_LIST_TYPE_OPTIONS, mailingListToForm, toMailingListInput, type MailingListFormValues } from '../mailing-list-form';

/** Create (list undefined) or edit a mailing list (spec 001 §5 Mailing list class), validated by the contract's mailingListClassPayload. */
export function MailingListFormModal({ list, onClose }: { list?: MailingListClass; onClose: () => void }) {
  const form = useForm<MailingListFormValues>({
    defaultValues: mailingListToForm(list),
    resolver: schemaResolver(mailingListClassPayload, toMailingListInput),
  });
  const createList = useCreateMailingList();
  const updateList = useUpdateMailingList();

  return (
    <RecordFormModal
      form={form}
      record={list}
      noun="mailing list"
      create={createList}
      update={updateList}
      body={() => mailingListClassPayload.parse(toMailingListInput(form.getValues()))}
      onClose={onClose}
    >
      {(bind) => {
        return (
          <>
            <TextInput {...bind('name')} label="Nome" required />
            <TextArea {...bind('description')} label="Descrizione" />
            <MenuInput {...bind('type')} label="Tipo" options={MAILING_LIST_TYPE_OPTIONS} searchable={false} required />
            <CheckboxInput
              {...bind('is_default')}
              label="Predefinita"
              hint="Una lista predefinita raggiunge ogni utente attivo, tranne chi ha annullato l'iscrizione."
            />
          </>
        );
      }}
    </RecordFormModal>
  );
}
