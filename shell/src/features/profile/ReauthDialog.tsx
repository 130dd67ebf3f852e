import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Modal, PasswordInput, contractResolver, fieldBinder, notify } from 'shared-ui';
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
  const [resolver] = useState(() => contractResolver<{ password: string }>((c) => c.currentPasswordForm));
  const form = useForm<{ password: string }>({ defaultValues: { password: '' }, resolver });
  const pending = form.formState.isSubmitting;

  useEffect(() => {
    if (open) document.getElementById('reauthPassword')?.focus();
  }, [open]);

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      if (await verifyPassword(password)) {
        form.reset();
        onVerified();
        return;
      }
      form.setError('password', { message: WRONG_PASSWORD });
    } catch {
      notify.error(VERIFY_FAILED);
    }
  });

  function cancel() {
    form.reset();
    onCancel();
  }

  return (
    <Modal open={open} title="Conferma la tua password" onClose={cancel}>
      <form className="shell-form" onSubmit={(e) => (pending ? e.preventDefault() : void submit(e))} noValidate data-testid="reauth-dialog">
        <p>Per modificare l&apos;email inserisci la tua password attuale.</p>
        <PasswordInput {...fieldBinder(form, form.formState.isSubmitted)('password')} name="reauthPassword" label="Password attuale" required />
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
