import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, useAuthStore } from 'shared-api';
import { EmailInput, notify, PasswordInput, toastPromise, validateEmail, validatePassword } from 'shared-ui';
import { AuthCard } from './AuthCard';
import { login } from './api';

const BOTH_REQUIRED = "Per favore inserisci sia l'email che la password";
const LOGIN_FAILED = 'Accesso fallito. Controlla le tue credenziali e riprova';
const LOGIN_EXCEPTION = 'Si è verificato un errore durante il login. Riprova';

/** /login (spec 000 §2.3). On success the public-page guard sends the member back where they came from. */
export function LoginPage() {
  const setUser = useAuthStore((s) => s.setUser);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Each attempt's toast has its own id, so a new attempt takes the last one's error off the screen.
  const attempt = useRef(0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitAttempted(true);
    if (!email.trim() || !password) {
      setFormError(BOTH_REQUIRED);
      return;
    }
    setFormError(null);
    // The inputs show their own messages for these two rules.
    if (validateEmail(email.trim()) || validatePassword(password)) return;

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
      setFormError(err instanceof ApiError && err.status !== 0 ? LOGIN_FAILED : LOGIN_EXCEPTION);
      setPending(false);
    }
  }

  return (
    <AuthCard title="Bentornato! Accedi con i tuoi dati">
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
        <PasswordInput
          name="password"
          label="Password"
          value={password}
          onChange={setPassword}
          required
          submitAttempted={submitAttempted}
        />
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
