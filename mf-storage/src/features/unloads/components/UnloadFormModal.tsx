import { useForm } from 'react-hook-form';
import type { StorageUnload, StorageUnloadType } from 'shared-api';
import { MAX_MOVEMENT_QUANTITY, storageUnloadPayload } from 'shared-api/contract';
import {
  DateInput,
  MenuInput,
  RecordFormModal,
  NumberInput,
  TextArea,
  TextInput,
  fieldBinder,
  schemaResolver,
  type ModalFormContext,
} from 'shared-ui';
import { itemOptions, useItemOptions } from '../../items/api/get-items';
import { useCreateUnload } from '../api/create-unload';
import { recipientOptions, useRecipientOptions } from '../api/get-unloads';
import { useUpdateUnload } from '../api/update-unload';
import { toUnloadPayload, unloadToForm, type UnloadFormValues } from '../unload-form';

const TAB_TYPES: StorageUnloadType[] = ['UNLOAD', 'DELIVERY'];

/**
 * Record an unload (two tabs: Scarico with its reason, Consegna to a member) or edit one of its own type
 * (spec 001 §5 Storage: item, quantity and date required, plus the reason or the member).
 */
export function UnloadFormModal({ unload, onClose }: { unload?: StorageUnload; onClose: () => void }) {
  const form = useForm<UnloadFormValues>({
    defaultValues: unloadToForm(unload),
    resolver: schemaResolver(storageUnloadPayload, toUnloadPayload),
  });
  const items = useItemOptions();
  const recipients = useRecipientOptions();
  const createUnload = useCreateUnload();
  const updateUnload = useUpdateUnload();

  const fields = (type: StorageUnloadType, { submitAttempted }: ModalFormContext) => {
    const bind = fieldBinder(form, submitAttempted);
    return (
      <>
        <MenuInput {...bind('item')} label="Articolo" required options={itemOptions(items.data)} loading={items.isLoading} />
        <NumberInput {...bind('quantity')} label="Quantità" required max={MAX_MOVEMENT_QUANTITY} />
        <DateInput {...bind('start_date')} label={type === 'UNLOAD' ? 'Data di scarico' : 'Data di consegna'} required />
        {type === 'UNLOAD' ? (
          <TextInput {...bind('reason')} label="Motivo" required />
        ) : (
          <MenuInput {...bind('user')} label="Socio" required options={recipientOptions(recipients.data)} loading={recipients.isLoading} />
        )}
        <TextArea {...bind('notes')} label="Note" />
      </>
    );
  };

  // An unload is edited as the type it is ('Modifica scarico' / 'Modifica consegna'); a new one picks it by tab.
  return (
    <RecordFormModal
      form={form}
      confirmDiscard={false}
      record={unload}
      noun={unload?.type === 'DELIVERY' ? 'consegna' : 'scarico'}
      create={createUnload}
      update={updateUnload}
      body={() => storageUnloadPayload.parse(toUnloadPayload(form.getValues()))}
      onClose={onClose}
      tabs={
        unload
          ? undefined
          : [
              { label: 'Scarico', content: (ctx) => fields('UNLOAD', ctx) },
              { label: 'Consegna', content: (ctx) => fields('DELIVERY', ctx) },
            ]
      }
      onTabChange={(index) => {
        form.setValue('type', TAB_TYPES[index] ?? 'UNLOAD');
        form.clearErrors();
      }}
    >
      {unload ? (_bind, ctx) => fields(unload.type, ctx) : undefined}
    </RecordFormModal>
  );
}
