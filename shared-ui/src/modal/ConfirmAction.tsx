import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

export interface ConfirmActionProps<T> {
  /** What the action applies to; the dialog is open while it is not null. */
  target: T | null;
  title: string;
  message: ReactNode | ((target: T) => ReactNode);
  confirmLabel?: string;
  /** The button that closes without acting ('Annulla' unless said): say 'Chiudi' where the action itself cancels something. */
  cancelLabel?: string;
  danger?: boolean;
  /** The action, reporting its own outcome (e.g. a createMutation's `run`): success closes, failure keeps the dialog open. */
  action: (target: T) => Promise<unknown>;
  onClose: () => void;
}

/** Confirm, then act: a ConfirmDialog bound to one target (delete this user, activate that one). */
export function ConfirmAction<T>({ target, title, message, confirmLabel, cancelLabel, danger, action, onClose }: ConfirmActionProps<T>) {
  return (
    <ConfirmDialog
      open={target !== null}
      title={title}
      message={target === null ? '' : typeof message === 'function' ? message(target) : message}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      danger={danger}
      onClose={onClose}
      onConfirm={() => (target === null ? undefined : action(target).then(() => undefined))}
    />
  );
}
