import { useState, type ReactNode } from 'react';
import { cx } from '../inputs/cx';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Runs on confirm; the dialog closes when it resolves and stays open when it rejects (report the error in it). */
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
  /** Also disable the buttons for a request the caller tracks itself. */
  pending?: boolean;
  /** Style the confirm button as destructive (deletions). */
  danger?: boolean;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, message, onConfirm, onClose } = props;
  const [running, setRunning] = useState(false);
  const pending = Boolean(props.pending) || running;

  const confirm = async () => {
    if (pending) return;
    setRunning(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // onConfirm reports its own failure (toastPromise); staying open lets the user retry or cancel.
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      size="sm"
      closeDisabled={pending}
      onEnter={() => void confirm()}
      footer={
        <>
          <button type="button" className="ui-btn ui-btn--secondary" onClick={onClose} disabled={pending}>
            {props.cancelLabel ?? 'Annulla'}
          </button>
          <button
            type="button"
            className={cx('ui-btn', props.danger ? 'ui-btn--danger' : 'ui-btn--primary')}
            onClick={confirm}
            disabled={pending}
            aria-busy={pending || undefined}
          >
            {props.confirmLabel ?? 'Conferma'}
          </button>
        </>
      }
    >
      <div className="ui-confirm__message">{message}</div>
    </Modal>
  );
}
