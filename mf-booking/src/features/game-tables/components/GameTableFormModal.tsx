import { useState } from 'react';
import { ModalForm, NumberInput, TextArea, parseNumber } from 'shared-ui';
import type { GameTable } from '../../../api/types';
import { useCreateGameTable, useUpdateGameTable } from '../api/save-game-table';

/** Add (table undefined) or edit a game table: number and description, both required (spec 001 §5 Game table). */
export function GameTableFormModal({ table, onClose }: { table?: GameTable; onClose: () => void }) {
  const [number, setNumber] = useState(table ? String(table.number) : '');
  const [description, setDescription] = useState(table?.description ?? '');
  const createTable = useCreateGameTable();
  const updateTable = useUpdateGameTable();
  const parsed = parseNumber(number);
  const isValid = parsed !== null && Number.isInteger(parsed) && parsed >= 1 && parsed <= 9999 && description.trim().length > 0;

  const submit = () => {
    const body = { number: parsed!, description: description.trim() };
    return table ? updateTable.mutateAsync({ id: table._id, body }) : createTable.mutateAsync(body);
  };

  return (
    <ModalForm
      open
      size="sm"
      title={table ? 'Modifica tavolo' : 'Aggiungi tavolo'}
      onClose={onClose}
      submitLabel={table ? 'Salva' : 'Crea'}
      isValid={isValid}
      onSubmit={submit}
      toasts={table ? updateTable.toasts : createTable.toasts}
    >
      {({ submitAttempted }) => (
        <>
          <NumberInput
            name="number"
            label="Numero"
            value={number}
            onChange={setNumber}
            min={1}
            max={9999}
            required
            submitAttempted={submitAttempted}
          />
          <TextArea name="description" label="Descrizione" value={description} onChange={setDescription} required submitAttempted={submitAttempted} />
        </>
      )}
    </ModalForm>
  );
}
