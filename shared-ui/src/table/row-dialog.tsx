import { useState } from 'react';
import { DeleteIcon, EditIcon } from './row-icons';
import type { RowAction } from './types';

type RowDialog<T> = { kind: 'create' } | { kind: 'edit' | 'delete'; row: T } | null;

/**
 * The one dialog a list page of editable rows has open: adding a row, editing one, or confirming one's deletion,
 * with the 'Modifica' and 'Elimina' row actions that open them (icons unless `icons: false`).
 */
export function useRowDialog<T>({ icons = true }: { icons?: boolean } = {}) {
  const [dialog, setDialog] = useState<RowDialog<T>>(null);
  return {
    /** The add form is open. */
    creating: dialog?.kind === 'create',
    /** The row whose edit form is open. */
    edited: dialog?.kind === 'edit' ? dialog.row : null,
    /** The row whose deletion is being confirmed. */
    deleted: dialog?.kind === 'delete' ? dialog.row : null,
    openCreate: () => setDialog({ kind: 'create' }),
    close: () => setDialog(null),
    editDeleteActions: (row: T): RowAction[] => [
      { label: 'Modifica', icon: icons ? <EditIcon /> : undefined, onClick: () => setDialog({ kind: 'edit', row }) },
      { label: 'Elimina', icon: icons ? <DeleteIcon /> : undefined, danger: true, onClick: () => setDialog({ kind: 'delete', row }) },
    ],
  };
}
