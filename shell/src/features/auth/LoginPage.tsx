import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { isNetworkError, login, useAuthStore, type LoginForm } from 'shared-api';
import { EmailInput, PasswordInput, fieldBinder, notify, toastPromise } from 'shared-ui';
import { AuthCard } from './AuthCard';
import { loginResolver } from './form-schemas';

const BOTH_REQUIRED = "Per favore inserisci sia l'email che la password";
const LOGIN_FAILED = 'Accesso fallito. Controlla le tue credenziali e riprova';
const LOGIN_EXCEPTION = 'Si è verificato un errore durante il login. Riprova';

/** /login (spec 000 §2.3). On success the public-page guard sends the member back where they came from. */
export function LoginPage() {
  const setUser = useAuthStore((s) => s.setUser);
  const [resolver] = useState(loginResolver);
  const form = useForm<LoginForm>({ defaultValues: { email: '', password: '' }, resolver });
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const bind = fieldBinder(form, form.formState.isSubmitted);
  // Each attempt's toast has its own id, so a new attempt takes the last one's error off the screen.
  const attempt = useRef(0);

  async function signIn({ email, password }: LoginForm) {
    setFormError(null);
    setPending(true);
    notify.dismiss(`login-${attempt.current}`);
    attempt.current += 1;
    try {
      const user = await toastPromise(
        login(email.trim(), password),
        { pending: 'Accesso in corso...', success: 'Accesso effettuato con successo!', error: "Errore durante l'accesso." },
        { toastId: `login-${attempt.current}` },
      );
      setUser(user);
    } catch (err) {
      setFormError(isNetworkError(err) ? LOGIN_EXCEPTION : LOGIN_FAILED);
      setPending(false);
    }
  }

  // The inputs show each rule's message; a missing field also has the page's own (spec 000 §2.3).
  function refuse() {
    const { email, password } = form.getValues();
    setFormError(!email.trim() || !password ? BOTH_REQUIRED : null);
  }

  return (
    <AuthCard title="Bentornato! Accedi con i tuoi dati">
      <form className="shell-form" onSubmit={form.handleSubmit(signIn, refuse)} noValidate>
        <EmailInput {...bind('email')} label="Email" required placeholder="nome@esempio.it" />
        <PasswordInput {...bind('password')} label="Password" required />
        {formError && (
          <p className="shell-form__error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="ui-btn ui-btn--primary shell-block" disabled={pending}>
          Entra
        </button>
        <Link className="shell-auth__link" to="/login-send-email">
          Password dimenticata? Clicca qui
        </Link>
      </form>
    </AuthCard>
  );
}
