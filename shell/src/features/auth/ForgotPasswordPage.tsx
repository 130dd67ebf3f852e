import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { EmailInput, notify, validateEmail, validateRequired } from 'shared-ui';
import { AuthCard } from './AuthCard';
import { requestPasswordReset } from 'shared-api';

/** /login-send-email (spec 000 §2.4): an invalid address sends nothing. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitAttempted(true);
    const address = email.trim();
    if (validateRequired(address) || validateEmail(address)) return;
    setPending(true);
    try {
      await requestPasswordReset(address);
      notify.success('Email inviata con successo! Controlla la tua casella di posta elettronica.');
    } catch {
      notify.error("Si è verificato un errore durante l'invio dell'email");
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthCard
      title="Nessun problema!"
      subtitle="Inserisci l'email con cui accedi: ti invieremo un link per creare una nuova password."
    >
      <form className="shell-form" onSubmit={submit} noValidate>
        <EmailInput
          name="email"
          label="Email"
          value={email}
          onChange={setEmail}
          required
          submitAttempted={submitAttempted}
          placeholder="nome@esempio.it"
        />
        <button type="submit" className="ui-btn ui-btn--primary shell-block" disabled={pending}>
          Invia
        </button>
        <Link className="shell-auth__link" to="/login">
          Torna all'accesso
        </Link>
      </form>
    </AuthCard>
  );
}
