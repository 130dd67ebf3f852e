import { useForm } from 'react-hook-form';
import type { StorageCategory } from 'shared-api';
import { storageCategoryPayload } from 'shared-api/contract';
import { RecordFormModal, TextInput, schemaResolver } from 'shared-ui';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';

interface CategoryFormValues {
  name: string;
}

/** Create (category undefined) or rename an item category (spec 001 §5 Storage: the name is required). */
export function CategoryFormModal({ category, onClose }: { category?: StorageCategory; onClose: () => void }) {
  const form = useForm<CategoryFormValues>({
    defaultValues: { name: category?.name ?? '' },
    resolver: schemaResolver(storageCategoryPayload),
  });
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
      body={() => storageCategoryPayload.parse(form.getValues())}
      onClose={onClose}
    >
      {(bind) => <TextInput {...bind('name')} label="Nome" required />}
    </RecordFormModal>
  );
}
