import { useForm } from 'react-hook-form';
import { gameTableForm } from 'shared-api/contract';
import { RecordFormModal, NumberInput, TextArea, formatNumber, schemaResolver } from 'shared-ui';
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

  return (
    <RecordFormModal
      form={form}
      record={table}
      noun="tavolo"
      create={createTable}
      update={updateTable}
      body={() => gameTableForm.parse(form.getValues())}
      size="sm"
      onClose={onClose}
    >
      {(bind) => {
        return (
          <>
            <NumberInput {...bind('number')} label="Numero" required />
            <TextArea {...bind('description')} label="Descrizione" required />
          </>
        );
      }}
    </RecordFormModal>
  );
}
