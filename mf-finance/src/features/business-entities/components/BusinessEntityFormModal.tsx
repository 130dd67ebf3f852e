import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { BusinessEntity, BusinessEntityPayloadInput } from 'shared-api';
import { businessEntityPayload } from 'shared-api/contract';
import { EmailInput, ITALIAN_PROVINCES, MenuInput, ModalForm, TextArea, TextInput, fieldBinder, formResolver } from 'shared-ui';
import { useCreateBusinessEntity, useUpdateBusinessEntity } from '../api';

interface EntityFormValues {
  name: string;
  address: string;
  province: string[];
  city: string;
  identification_code: string;
  phone1: string;
  phone2: string;
  email: string;
  notes: string;
}

const PROVINCE_OPTIONS = ITALIAN_PROVINCES.map((p) => ({ id: p.id, name: p.name, description: p.id }));

/** The form has no postal code (spec 002 §3): an edit sends back the one stored. */
const toPayload = (v: EntityFormValues, postalCode: string | null): BusinessEntityPayloadInput => ({
  name: v.name,
  address: v.address,
  province: v.province[0] ?? null,
  city: v.city,
  postal_code: postalCode,
  identification_code: v.identification_code,
  phone1: v.phone1,
  phone2: v.phone2,
  email: v.email,
  notes: v.notes,
});

/**
 * Add or edit a customer or supplier (spec 002 §5): name, address, city, identification code (VAT number or tax
 * code), phone1 and e-mail required; province a single optional choice; phone2 and notes optional.
 */
export function BusinessEntityFormModal({ entity, onClose }: { entity?: BusinessEntity; onClose: () => void }) {
  const postalCode = entity?.postal_code ?? null;
  const form = useForm<EntityFormValues>({
    defaultValues: {
      name: entity?.name ?? '',
      address: entity?.address ?? '',
      province: entity?.province ? [entity.province] : [],
      city: entity?.city ?? '',
      identification_code: entity?.identification_code ?? '',
      phone1: entity?.phone1 ?? '',
      phone2: entity?.phone2 ?? '',
      email: entity?.email ?? '',
      notes: entity?.notes ?? '',
    },
    resolver: (values, context, options) =>
      formResolver<EntityFormValues>(zodResolver(businessEntityPayload))(toPayload(values, postalCode) as never, context, options),
  });
  const create = useCreateBusinessEntity();
  const update = useUpdateBusinessEntity();

  const submit = () => {
    const body = businessEntityPayload.parse(toPayload(form.getValues(), postalCode));
    return entity ? update.mutateAsync({ id: entity._id, body }) : create.mutateAsync(body);
  };

  return (
    <ModalForm
      open
      title={entity ? 'Modifica fornitore o cliente' : 'Aggiungi fornitore o cliente'}
      onClose={onClose}
      submitLabel={entity ? 'Salva' : 'Crea'}
      validate={() => form.trigger()}
      onSubmit={submit}
      toasts={entity ? update.toasts : create.toasts}
      size="lg"
    >
      {({ submitAttempted }) => {
        const bind = fieldBinder(form, submitAttempted);
        return (
          <>
            <TextInput {...bind('name')} label="Nome" required />
            <TextInput {...bind('address')} label="Indirizzo" required />
            <div className="ui-grid ui-grid--2">
              <MenuInput {...bind('province')} label="Provincia" options={PROVINCE_OPTIONS} />
              <TextInput {...bind('city')} label="Città" required />
            </div>
            <TextInput {...bind('identification_code')} label="Codice identificativo" required hint="Partita IVA (11 cifre) o codice fiscale" />
            <div className="ui-grid ui-grid--2">
              <TextInput {...bind('phone1')} label="Telefono 1" required />
              <TextInput {...bind('phone2')} label="Telefono 2" />
            </div>
            <EmailInput {...bind('email')} label="Email" required />
            <TextArea {...bind('notes')} label="Note" />
          </>
        );
      }}
    </ModalForm>
  );
}
