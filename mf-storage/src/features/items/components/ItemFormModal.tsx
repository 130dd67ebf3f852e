import { useForm } from 'react-hook-form';
import type { StorageItem } from 'shared-api';
import { MAX_ITEM_QUANTITY, storageItemPayload } from 'shared-api/contract';
import { MenuInput, RecordFormModal, NumberInput, TextInput, schemaResolver, toMenuOptions } from 'shared-ui';
import { useCategoryOptions } from '../../categories/api/get-categories';
import { useCreateItem } from '../api/create-item';
import { useUpdateItem } from '../api/update-item';
import { itemToForm, toItemPayload, type ItemFormValues } from '../item-form';

/** Create (item undefined) or edit an item (spec 001 §5 Storage: description, category and both quantities required). */
export function ItemFormModal({ item, onClose }: { item?: StorageItem; onClose: () => void }) {
  const form = useForm<ItemFormValues>({
    defaultValues: itemToForm(item),
    resolver: schemaResolver(storageItemPayload, toItemPayload),
  });
  const categories = useCategoryOptions();
  const createItem = useCreateItem();
  const updateItem = useUpdateItem();

  return (
    <RecordFormModal
      form={form}
      record={item}
      noun="articolo"
      create={createItem}
      update={updateItem}
      body={() => storageItemPayload.parse(toItemPayload(form.getValues()))}
      onClose={onClose}
    >
      {(bind) => {
        return (
          <>
            <TextInput {...bind('description')} label="Descrizione" required />
            <MenuInput {...bind('category')} label="Categoria" required options={toMenuOptions(categories.data)} loading={categories.isLoading} />
            <NumberInput {...bind('total_quantity')} label="Quantità totale" required max={MAX_ITEM_QUANTITY} />
            <NumberInput
              {...bind('current_quantity')}
              label="Quantità attuale"
              required
              max={MAX_ITEM_QUANTITY}
              hint={item ? 'Carichi, scarichi e consegne la aggiornano da soli: modificala solo per correggere un inventario.' : undefined}
            />
          </>
        );
      }}
    </RecordFormModal>
  );
}
