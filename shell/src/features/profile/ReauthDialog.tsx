import { useEffect, useState, type FormEvent } from 'react';
import { Modal, PasswordInput, notify } from 'shared-ui';
import { verifyPassword } from './api';

const WRONG_PASSWORD = 'Password errata, riprova';
const VERIFY_FAILED = 'Errore nella verifica della password.';

interface Props {
  open: boolean;
  /** Called after the server confirmed the password (the session may now change the e-mail for a few minutes). */
  onVerified: () => void;
  onCancel: () => void;
}

/**
 * 'Conferma la tua password': the server changes the e-mail only after the current password was confirmed in this
 * session a few minutes before (REAUTH_REQUIRED), so the profile asks for it when the server says so.
 */
export function ReauthDialog({ open, onVerified, onCancel }: Props) {
  const [password, setPassword] = useState('');
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  function reset() {
    setPassword('');
    setSubmitAttempted(false);
    setError(null);
    setPending(false);
  }

  useEffect(() => {
    if (open) document.getElementById('reauthPassword')?.focus();
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setSubmitAttempted(true);
    if (!password.trim()) return;
    setPending(true);
    try {
      if (await verifyPassword(password)) {
        reset();
        onVerified();
        return;
      }
      setError(WRONG_PASSWORD);
    } catch {
      notify.error(VERIFY_FAILED);
    }
    setPending(false);
  }

  function cancel() {
    reset();
    onCancel();
  }

  return (
    <Modal open={open} title="Conferma la tua password" onClose={cancel}>
      <form className="shell-form" onSubmit={submit} noValidate data-testid="reauth-dialog">
        <p>Per modificare l&apos;email inserisci la tua password attuale.</p>
        <PasswordInput
          name="reauthPassword"
          label="Password attuale"
          value={password}
          onChange={setPassword}
          required
          checkLength={false}
          submitAttempted={submitAttempted}
          error={error}
        />
        <div className="shell-dialog__actions">
          <button type="button" className="ui-btn ui-btn--secondary" onClick={cancel} disabled={pending}>
            Annulla
          </button>
          <button type="submit" className="ui-btn ui-btn--primary" disabled={pending}>
            Verifica
          </button>
        </div>
      </form>
    </Modal>
  );
}
