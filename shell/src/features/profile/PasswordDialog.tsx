import { useEffect, useState, type FormEvent } from 'react';
import { Modal, PasswordInput, notify } from 'shared-ui';
import { updatePassword, verifyPassword } from './api';
import { loadNewPasswordCheck } from './contract-checks';

const WRONG_PASSWORD = 'Password errata, riprova';
const MISMATCH = 'Le password non coincidono, riprova';
const VERIFY_FAILED = 'Errore nella verifica della password.';
const UPDATE_FAILED = "Errore durante l'aggiornamento della password.";

type Step = 'confirm' | 'verify' | 'update';

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * 'Modifica password' (spec 000 §2.7): confirm, check the old password, then set the new one.
 * Enter submits the current step; Annulla or Escape close and clear everything.
 */
export function PasswordDialog({ open, onClose }: Props) {
  const [step, setStep] = useState<Step>('confirm');
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** What the contract says of the new password, after a save attempt. */
  const [newPasswordError, setNewPasswordError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  function close() {
    setStep('confirm');
    setOldPassword('');
    setNewPassword('');
    setRepeatPassword('');
    setSubmitAttempted(false);
    setError(null);
    setNewPasswordError(null);
    setPending(false);
    onClose();
  }

  function goTo(next: Step) {
    setStep(next);
    setSubmitAttempted(false);
    setError(null);
  }

  async function verify() {
    setSubmitAttempted(true);
    if (!oldPassword.trim()) return;
    setPending(true);
    try {
      if (await verifyPassword(oldPassword)) goTo('update');
      else setError(WRONG_PASSWORD);
    } catch {
      notify.error(VERIFY_FAILED);
    } finally {
      setPending(false);
    }
  }

  async function update() {
    setSubmitAttempted(true);
    if (!newPassword || !repeatPassword || newPassword !== repeatPassword) {
      setError(MISMATCH);
      return;
    }
    setError(null);
    const problem = (await loadNewPasswordCheck())(newPassword);
    setNewPasswordError(problem);
    if (problem) return;
    setPending(true);
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
      setError(UPDATE_FAILED);
      setPending(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (step === 'confirm') goTo('verify');
    else if (step === 'verify') void verify();
    else void update();
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
      goTo('verify');
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, step]);

  const confirmLabel = step === 'confirm' ? 'Conferma' : step === 'verify' ? 'Verifica' : 'Salva';

  return (
    <Modal open={open} title="Modifica password" onClose={close} closeDisabled={pending}>
      <form className="shell-form shell-password-dialog" onSubmit={submit} noValidate data-testid="password-dialog">
        {step === 'confirm' && <p>Sei sicuro di voler modificare la password?</p>}
        {step === 'verify' && (
          <PasswordInput
            name="oldPassword"
            label="Password attuale"
            value={oldPassword}
            onChange={setOldPassword}
            required
            checkLength={false}
            submitAttempted={submitAttempted}
            error={error}
          />
        )}
        {step === 'update' && (
          <>
            <PasswordInput
              name="newPassword"
              label="Nuova password"
              value={newPassword}
              onChange={setNewPassword}
              autoComplete="new-password"
              required
              checkLength={false}
              submitAttempted={submitAttempted}
              error={newPasswordError}
            />
            <PasswordInput
              name="repeatPassword"
              label="Ripeti la nuova password"
              value={repeatPassword}
              onChange={setRepeatPassword}
              autoComplete="new-password"
              required
              checkLength={false}
              submitAttempted={submitAttempted}
              error={error}
            />
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
