import { useForm } from 'react-hook-form';
import type { StorageLoad } from 'shared-api';
import { MAX_MOVEMENT_QUANTITY, storageLoadPayload } from 'shared-api/contract';
import { DateInput, MenuInput, RecordFormModal, NumberInput, TextArea, schemaResolver } from 'shared-ui';
import { itemOptions, useItemOptions } from '../../items/api/get-items';
import { useCreateLoad } from '../api/create-load';
import { useUpdateLoad } from '../api/update-load';
import { loadToForm, toLoadPayload, type LoadFormValues } from '../load-form';

/** Record (load undefined) or edit a load (spec 001 §5 Storage: item, quantity and date required). */
export function LoadFormModal({ load, onClose }: { load?: StorageLoad; onClose: () => void }) {
  const form = useForm<LoadFormValues>({
    defaultValues: loadToForm(load),
    resolver: schemaResolver(storageLoadPayload, toLoadPayload),
  });
  const items = useItemOptions();
  const createLoad = useCreateLoad();
  const updateLoad = useUpdateLoad();

  return (
    <RecordFormModal
      form={form}
      record={load}
      noun="carico"
      create={createLoad}
      update={updateLoad}
      body={() => storageLoadPayload.parse(toLoadPayload(form.getValues()))}
      onClose={onClose}
    >
      {(bind) => {
        return (
          <>
            <MenuInput {...bind('item')} label="Articolo" required options={itemOptions(items.data)} loading={items.isLoading} />
            <NumberInput {...bind('quantity')} label="Quantità" required max={MAX_MOVEMENT_QUANTITY} />
            <DateInput {...bind('date')} label="Data di acquisizione" required />
            <TextArea {...bind('notes')} label="Note" />
          </>
        );
      }}
    </RecordFormModal>
  );
}
