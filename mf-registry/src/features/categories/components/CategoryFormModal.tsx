import { useState } from 'react';
import type { Category } from 'shared-api';
import { MenuInput, ModalForm, TextArea, TextInput, type MenuOption } from 'shared-ui';
import { useMailingListClassOptions } from '../../references/api/get-mailing-list-class-options';
import { useReservationRuleOptions } from '../../references/api/get-reservation-rule-options';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import {
  CATEGORY_LIMITS,
  categoryToForm,
  permissionOptions,
  toCategoryPayload,
  validateCategoryForm,
  type CategoryFormValues,
} from '../category-form';

const toOptions = (refs: { _id: string; name: string }[] | undefined): MenuOption[] =>
  (refs ?? []).map((r) => ({ id: r._id, name: r.name }));

/** Create (category undefined) or edit a user category (spec 001 §5 Category). */
export function CategoryFormModal({ category, onClose }: { category?: Category; onClose: () => void }) {
  const editing = Boolean(category);
  const [values, setValues] = useState<CategoryFormValues>(() => categoryToForm(category));
  const [permissionChoices] = useState(() => permissionOptions(category?.permissions ?? []));
  const rules = useReservationRuleOptions();
  const mailingLists = useMailingListClassOptions();
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();

  const set =
    <K extends keyof CategoryFormValues>(field: K) =>
    (value: CategoryFormValues[K]) =>
      setValues((prev) => ({ ...prev, [field]: value }));

  const submit = () => {
    const body = toCategoryPayload(values);
    return category ? updateCategory.mutateAsync({ id: category._id, body }) : createCategory.mutateAsync(body);
  };

  return (
    <ModalForm
      open
      title={editing ? 'Modifica categoria' : 'Aggiungi categoria'}
      onClose={onClose}
      submitLabel={editing ? 'Salva' : 'Crea'}
      onSubmit={submit}
      isValid={Object.keys(validateCategoryForm(values)).length === 0}
      toasts={category ? updateCategory.toasts : createCategory.toasts}
    >
      {({ submitAttempted }) => (
        <>
          <TextInput name="name" label="Nome" value={values.name} onChange={set('name')} required submitAttempted={submitAttempted} />
          <TextArea name="description" label="Descrizione" value={values.description} onChange={set('description')} />
          <MenuInput
            name="permissions"
            label="Permessi"
            value={values.permissions}
            onChange={set('permissions')}
            options={permissionChoices}
            maxSelections={CATEGORY_LIMITS.permissions}
          />
          <MenuInput
            name="reservation_rules"
            label="Regole di prenotazione"
            value={values.reservation_rules}
            onChange={set('reservation_rules')}
            options={toOptions(rules.data)}
            maxSelections={CATEGORY_LIMITS.reservation_rules}
          />
          <MenuInput
            name="mailing_list_classes"
            label="Mailing list"
            value={values.mailing_list_classes}
            onChange={set('mailing_list_classes')}
            options={toOptions(mailingLists.data)}
            maxSelections={CATEGORY_LIMITS.mailing_list_classes}
          />
        </>
      )}
    </ModalForm>
  );
}
