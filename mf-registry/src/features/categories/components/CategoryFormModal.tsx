import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Category } from 'shared-api';
import { categoryPayload } from 'shared-api/contract';
import { RecordFormModal, MenuInput, TextArea, TextInput, schemaResolver, toMenuOptions } from 'shared-ui';
import { useMailingListClassOptions } from '../../references/api/get-mailing-list-class-options';
import { useReservationRuleOptions } from '../../references/api/get-reservation-rule-options';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import { CATEGORY_LIMITS, categoryToForm, permissionOptions, type CategoryFormValues } from '../category-form';

/** Create (category undefined) or edit a user category (spec 001 §5 Category), validated by the contract's categoryPayload. */
export function CategoryFormModal({ category, onClose }: { category?: Category; onClose: () => void }) {
  const form = useForm<CategoryFormValues>({ defaultValues: categoryToForm(category), resolver: schemaResolver(categoryPayload) });
  const [permissionChoices] = useState(() => permissionOptions(category?.permissions ?? []));
  const rules = useReservationRuleOptions();
  const mailingLists = useMailingListClassOptions();
  const create = useCreateCategory();
  const update = useUpdateCategory();

  return (
    <RecordFormModal
      form={form}
      confirmDiscard={false}
      record={category}
      noun="categoria"
      create={create}
      update={update}
      body={() => categoryPayload.parse(form.getValues())}
      onClose={onClose}
    >
      {(bind) => (
        <>
          <TextInput {...bind('name')} label="Nome" required />
          <TextArea {...bind('description')} label="Descrizione" />
          <MenuInput {...bind('permissions')} label="Permessi" options={permissionChoices} maxSelections={CATEGORY_LIMITS.permissions} />
          <MenuInput
            {...bind('reservation_rules')}
            label="Regole di prenotazione"
            options={toMenuOptions(rules.data)}
            maxSelections={CATEGORY_LIMITS.reservation_rules}
          />
          <MenuInput
            {...bind('mailing_list_classes')}
            label="Mailing list"
            options={toMenuOptions(mailingLists.data)}
            maxSelections={CATEGORY_LIMITS.mailing_list_classes}
          />
        </>
      )}
    </RecordFormModal>
  );
}
