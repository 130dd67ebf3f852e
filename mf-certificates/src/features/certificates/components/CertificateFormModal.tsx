import { useForm } from 'react-hook-form';
import { certificatePayload } from 'shared-api/contract';
import { MenuInput, FormModal, TextArea, schemaResolver, toMenuOptions } from 'shared-ui';
import { useTypeOptions } from '../../types/api/get-types';
import { useCreateCertificate } from '../api/create-certificate';
import { useUserOptions } from '../api/get-certificates';
import { toCreatePayload, type CreateFormValues } from '../certificate-forms';

/** 'Aggiungi certificato': a type and a user (single choices, required) and optional notes (spec 001 §5). */
export function CertificateFormModal({ onClose }: { onClose: () => void }) {
  const form = useForm<CreateFormValues>({
    defaultValues: { type: [], user: [], notes: '' },
    // The menus' values are checked as the payload they become.
    resolver: schemaResolver(certificatePayload, toCreatePayload),
  });
  const types = useTypeOptions();
  const users = useUserOptions();
  const createCertificate = useCreateCertificate();
  const userOptions = (users.data ?? []).map((u) => ({ id: u._id, name: `${u.surname} ${u.name}`, description: u.email }));

  return (
    <FormModal
      form={form}
      title="Aggiungi certificato"
      onClose={onClose}
      submitLabel="Crea"
      onSubmit={() => createCertificate.mutateAsync(certificatePayload.parse(toCreatePayload(form.getValues())))}
      toasts={createCertificate.toasts}
    >
      {(bind) => {
        return (
          <>
            <MenuInput {...bind('type')} label="Tipologia" required options={toMenuOptions(types.data)} loading={types.isPending} />
            <MenuInput {...bind('user')} label="Utente" required options={userOptions} loading={users.isPending} />
            <TextArea {...bind('notes')} label="Note" />
          </>
        );
      }}
    </FormModal>
  );
}
