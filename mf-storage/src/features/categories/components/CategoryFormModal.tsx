import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { StorageCategory } from 'shared-api';
import { storageCategoryPayload } from 'shared-api/contract';
import { ModalForm, TextInput, fieldBinder, formResolver } from 'shared-ui';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';

interface CategoryFormValues {
  name: string;
}

/** Create (category undefined) or rename an item category (spec 001 §5 Storage: the name is required). */
export function CategoryFormModal({ category, onClose }: { category?: StorageCategory; onClose: () => void }) {
  const form = useForm<CategoryFormValues>({
    defaultValues: { name: category?.name ?? '' },
    resolver: formResolver(zodResolver(storageCategoryPayload)),
  });
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();

  const submit = () => {
    const body = storageCategoryPayload.parse(form.getValues());
    return category ? updateCategory.mutateAsync({ id: category._id, body }) : createCategory.mutateAsync(body);
  };

  return (
    <ModalForm
      open
      title={category ? 'Modifica categoria' : 'Aggiungi categoria'}
      onClose={onClose}
      submitLabel={category ? 'Salva' : 'Crea'}
      validate={() => form.trigger()}
      onSubmit={submit}
      toasts={category ? updateCategory.toasts : createCategory.toasts}
    >
      {({ submitAttempted }) => {
        const bind = fieldBinder(form, submitAttempted);
        return <TextInput {...bind('name')} label="Nome" required />;
      }}
    </ModalForm>
  );
}
