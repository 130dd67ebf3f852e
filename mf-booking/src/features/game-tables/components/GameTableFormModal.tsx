import { useForm } from 'react-hook-form';
import { gameTableForm } from 'shared-api/contract';
import { ModalForm, NumberInput, TextArea, fieldBinder, formatNumber, schemaResolver } from 'shared-ui';
import type { GameTable } from '../../../api/types';
import { useCreateGameTable, useUpdateGameTable } from '../api/save-game-table';

interface GameTableFormValues {
  number: string;
  description: string;
}

/** Add (table undefined) or edit a game table: number and description, both required (spec 001 §5 Game table). */
export function GameTableFormModal({ table, onClose }: { table?: GameTable; onClose: () => void }) {
  const form = useForm<GameTableFormValues>({
    defaultValues: { number: table ? formatNumber(table.number) : '', description: table?.description ?? '' },
    resolver: schemaResolver(gameTableForm),
  });
  const createTable = useCreateGameTable();
  const updateTable = useUpdateGameTable();

  const submit = () => {
    const body = gameTableForm.parse(form.getValues());
    return table ? updateTable.mutateAsync({ id: table._id, body }) : createTable.mutateAsync(body);
  };

  return (
    <ModalForm
      open
      size="sm"
      title={table ? 'Modifica tavolo' : 'Aggiungi tavolo'}
      onClose={onClose}
      submitLabel={table ? 'Salva' : 'Crea'}
      validate={() => form.trigger()}
      dirty={form.formState.isDirty}
      onSubmit={submit}
      toasts={table ? updateTable.toasts : createTable.toasts}
    >
      {({ submitAttempted }) => {
        const bind = fieldBinder(form, submitAttempted);
        return (
          <>
            <NumberInput {...bind('number')} label="Numero" required />
            <TextArea {...bind('description')} label="Descrizione" required />
          </>
        );
      }}
    </ModalForm>
  );
}
