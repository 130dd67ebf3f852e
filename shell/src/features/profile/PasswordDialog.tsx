import { useEffect, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Modal, PasswordInput, contractResolver, fieldBinder, notify } from 'shared-ui';
import { updatePassword, verifyPassword } from './api';

const WRONG_PASSWORD = 'Password errata, riprova';
const VERIFY_FAILED = 'Errore nella verifica della password.';
const UPDATE_FAILED = "Errore durante l'aggiornamento della password.";

type Step = 'confirm' | 'verify' | 'update';

interface Props {
  open: boolean;
  onClose: () => void;
}

interface VerifyValues {
  password: string;
}
interface UpdateValues {
  newPassword: string;
  repeatPassword: string;
}

/**
 * 'Modifica password' (spec 000 §2.7): confirm, check the old password, then set the new one, each step's fields
 * checked by the contract's schema (currentPasswordForm, changePasswordForm). Enter submits the current step;
 * Annulla or Escape close and clear everything.
 */
export function PasswordDialog({ open, onClose }: Props) {
  const [step, setStep] = useState<Step>('confirm');
  const [verifyResolver] = useState(() => contractResolver<VerifyValues>((c) => c.currentPasswordForm));
  const [updateResolver] = useState(() => contractResolver<UpdateValues>((c) => c.changePasswordForm));
  const verifyForm = useForm<VerifyValues>({ defaultValues: { password: '' }, resolver: verifyResolver });
  const updateForm = useForm<UpdateValues>({ defaultValues: { newPassword: '', repeatPassword: '' }, resolver: updateResolver });
  const pending = verifyForm.formState.isSubmitting || updateForm.formState.isSubmitting;

  function close() {
    setStep('confirm');
    verifyForm.reset();
    updateForm.reset();
    onClose();
  }

  const verify = verifyForm.handleSubmit(async ({ password }) => {
    try {
      if (await verifyPassword(password)) setStep('update');
      else verifyForm.setError('password', { message: WRONG_PASSWORD });
    } catch {
      notify.error(VERIFY_FAILED);
    }
  });

  const update = updateForm.handleSubmit(async ({ newPassword }) => {
    let updated = false;
    try {
      updated = await updatePassword(newPassword);
    } catch {
      updated = false;
    }
    if (updated) {
      notify.success('Password modificata con successo!');
      close();
    } else {
      notify.error(UPDATE_FAILED);
      updateForm.setError('repeatPassword', { message: UPDATE_FAILED });
    }
  });

  function submit(event: FormEvent) {
    if (pending) return event.preventDefault();
    if (step === 'confirm') {
      event.preventDefault();
      setStep('verify');
    } else if (step === 'verify') void verify(event);
    else void update(event);
  }

  // Each step starts in its first field, so typing and Enter are all a step needs.
  useEffect(() => {
    if (!open) return;
    const first = step === 'verify' ? 'oldPassword' : step === 'update' ? 'newPassword' : null;
    if (first) document.getElementById(first)?.focus();
  }, [open, step]);

  // Step 1 has no field to type Enter into: the dialog itself holds the focus.
  useEffect(() => {
    if (!open || step !== 'confirm') return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || (e.target as HTMLElement).closest('button')) return;
      e.preventDefault();
      setStep('verify');
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, step]);

  const confirmLabel = step === 'confirm' ? 'Conferma' : step === 'verify' ? 'Verifica' : 'Salva';
  const bindVerify = fieldBinder(verifyForm, verifyForm.formState.isSubmitted);
  const bindUpdate = fieldBinder(updateForm, updateForm.formState.isSubmitted);

  return (
    <Modal open={open} title="Modifica password" onClose={close} closeDisabled={pending}>
      <form className="shell-form shell-password-dialog" onSubmit={submit} noValidate data-testid="password-dialog">
        {step === 'confirm' && <p>Sei sicuro di voler modificare la password?</p>}
        {step === 'verify' && <PasswordInput {...bindVerify('password')} name="oldPassword" label="Password attuale" required />}
        {step === 'update' && (
          <>
            <PasswordInput {...bindUpdate('newPassword')} label="Nuova password" autoComplete="new-password" required />
            <PasswordInput {...bindUpdate('repeatPassword')} label="Ripeti la nuova password" autoComplete="new-password" required />
          </>
        )}
        <div className="shell-dialog__actions">
          <button type="button" className="ui-btn ui-btn--secondary" onClick={close} disabled={pending}>
            Annulla
          </button>
          <button type="submit" className="ui-btn ui-btn--primary" disabled={pending}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
