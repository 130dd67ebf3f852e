import { useLayoutEffect, useRef, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { isNetworkError, login, type LoginForm as LoginValues, type SessionUser } from 'shared-api';
import { EmailInput, PasswordInput, fieldBinder, notify, toastPromise } from 'shared-ui';
import { AuthCard } from './AuthCard';
import { loginResolver } from './form-schemas';

const BOTH_REQUIRED = "Per favore inserisci sia l'email che la password";
const LOGIN_FAILED = 'Accesso fallito. Controlla le tue credenziali e riprova';
const LOGIN_EXCEPTION = 'Si è verificato un errore durante il login. Riprova';

/** A link that renders `<a href={to}>`: react-router's Link in the portal, a plain one on the pre-rendered sign-in page. */
export type LinkComponent = ComponentType<{ to: string; className?: string; children: ReactNode }>;

const noSubscription = () => () => undefined;
/**
 * False in the pre-rendered HTML and while React hydrates it, true from then on (and at once in a page rendered in
 * the browser): the markup sent by the server keeps 'Entra' disabled, so Enter before the script runs cannot submit
 * the form natively (a GET with the password in the address).
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

interface Props {
  /** The signed-in user, once the server accepted the credentials. */
  onSignedIn: (user: SessionUser) => void;
  Link: LinkComponent;
}

/**
 * The sign-in form (spec 000 §2.3) with its card: rendered by /login inside the portal and, on its own, by the
 * pre-rendered sign-in page (shell/src/login), which hydrates exactly this markup.
 */
export function LoginForm({ onSignedIn, Link }: Props) {
  const [resolver] = useState(loginResolver);
  const form = useForm<LoginValues>({ defaultValues: { email: '', password: '' }, resolver });
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();
  const bind = fieldBinder(form, form.formState.isSubmitted);
  // Each attempt's toast has its own id, so a new attempt takes the last one's error off the screen.
  const attempt = useRef(0);
  const formElement = useRef<HTMLFormElement>(null);

  // What was typed into the server's markup before React took it over stays: hydration leaves it in the fields,
  // but the fields are controlled, so the next render would empty them. (Nothing to take in a page React drew.)
  useLayoutEffect(() => {
    for (const name of ['email', 'password'] as const) {
      const typed = (formElement.current?.elements.namedItem(name) as HTMLInputElement | null)?.value;
      if (typed) form.setValue(name, typed);
    }
  }, [form]);

  async function signIn({ email, password }: LoginValues) {
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
      onSignedIn(user);
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
      <form ref={formElement} className="shell-form" method="post" onSubmit={form.handleSubmit(signIn, refuse)} noValidate>
        <EmailInput {...bind('email')} label="Email" required placeholder="nome@esempio.it" />
        <PasswordInput {...bind('password')} label="Password" required />
        {formError && (
          <p className="shell-form__error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="ui-btn ui-btn--primary shell-block" disabled={pending || !hydrated}>
          Entra
        </button>
        <Link className="shell-auth__link" to="/login-send-email">
          Password dimenticata? Clicca qui
        </Link>
      </form>
    </AuthCard>
  );
}
