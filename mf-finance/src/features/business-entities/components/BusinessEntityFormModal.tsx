import { useForm } from 'react-hook-form';
import { ITALIAN_PROVINCES, type BusinessEntity, type BusinessEntityPayloadInput } from 'shared-api';
import { businessEntityPayload } from 'shared-api/contract';
import { EmailInput, MenuInput, RecordFormModal, TextArea, TextInput, schemaResolver } from 'shared-ui';
import { useCreateBusinessEntity, useUpdateBusinessEntity } from '../api';

interface BusinessEntityFormValues {
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

/**
 * The form's fields (spec 002 §7: name, address, province, city, identification_code, phone1, phone2, email,
 * notes). The postal code is shown in the table but not in the form (spec 002 §3): an edit sends the stored one
 * back, so saving the form never erases it.
 */
const toPayload = (v: BusinessEntityFormValues, postalCode: string | null): BusinessEntityPayloadInput => ({
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
 * Add (entity undefined) or edit a customer or supplier (spec 002 §5: name, address, city, identification code,
 * phone1 and email required; province optional and single; phone2 and notes optional).
 */
export function BusinessEntityFormModal({ entity, onClose }: { entity?: BusinessEntity; onClose: () => void }) {
  const postalCode = entity?.postal_code ?? null;
  const form = useForm<BusinessEntityFormValues>({
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
    resolver: schemaResolver(businessEntityPayload, (values: BusinessEntityFormValues) => toPayload(values, postalCode)),
  });
  const create = useCreateBusinessEntity();
  const update = useUpdateBusinessEntity();

  return (
    <RecordFormModal
      form={form}
      record={entity}
      noun="fornitore o cliente"
      create={create}
      update={update}
      body={() => businessEntityPayload.parse(toPayload(form.getValues(), postalCode))}
      onClose={onClose}
      size="lg"
    >
      {(bind) => {
        return (
          <div className="ui-grid ui-grid--2">
            <TextInput {...bind('name')} label="Nome" required />
            <TextInput
              {...bind('identification_code')}
              label="Codice identificativo"
              required
              hint="Partita IVA (11 cifre) o codice fiscale (16 caratteri)"
            />
            <TextInput {...bind('address')} label="Indirizzo" required />
            <TextInput {...bind('city')} label="Città" required />
            <MenuInput {...bind('province')} label="Provincia" options={PROVINCE_OPTIONS} />
            <EmailInput {...bind('email')} label="Email" required />
            <TextInput {...bind('phone1')} label="Telefono 1" required />
            <TextInput {...bind('phone2')} label="Telefono 2" />
            <TextArea {...bind('notes')} label="Note" />
          </div>
        );
      }}
    </RecordFormModal>
  );
}
