import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { requestPasswordReset } from 'shared-api';
import { EmailInput, fieldBinder, notify } from 'shared-ui';
import { AuthCard } from './AuthCard';
import { forgotPasswordResolver } from './form-schemas';

/** /login-send-email (spec 000 §2.4): an invalid address sends nothing. */
export function ForgotPasswordPage() {
  const [resolver] = useState(forgotPasswordResolver);
  const form = useForm<{ email: string }>({ defaultValues: { email: '' }, resolver });
  const bind = fieldBinder(form, form.formState.isSubmitted);

  async function send({ email }: { email: string }) {
    try {
      await requestPasswordReset(email);
      notify.success('Email inviata con successo! Controlla la tua casella di posta elettronica.');
    } catch {
      notify.error("Si è verificato un errore durante l'invio dell'email");
    }
  }

  return (
    <AuthCard title="Nessun problema!" subtitle="Inserisci l'email con cui accedi: ti invieremo un link per creare una nuova password.">
      <form className="shell-form" onSubmit={form.handleSubmit(send)} noValidate>
        <EmailInput {...bind('email')} label="Email" required placeholder="nome@esempio.it" />
        <button type="submit" className="ui-btn ui-btn--primary shell-block" disabled={form.formState.isSubmitting}>
          Invia
        </button>
        <Link className="shell-auth__link" to="/login">
          Torna all'accesso
        </Link>
      </form>
    </AuthCard>
  );
}
