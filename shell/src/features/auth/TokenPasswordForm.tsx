import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAuthStore } from 'shared-api';
import { CheckboxInput, PasswordInput, notify, validatePassword } from 'shared-ui';
import { AuthCard } from './AuthCard';
import { login, type TokenPassword } from './api';

const INVALID_LINK = "Link di registrazione non valido. Controlla l'URL";
const BOTH_REQUIRED = 'Entrambi i campi della password sono obbligatori';
const PRIVACY_CONSENT = 'Autorizzo il trattamento dei dati personali a fini commerciali e pubblicitari...';

export interface TokenPasswordFlow {
  subtitle: string;
  submitLabel: string;
  /** The two pages word the mismatch differently (spec 000 §5 and 002 §5). */
  mismatchMessage: string;
  withPrivacyConsent: boolean;
  send: (body: TokenPassword) => Promise<{ email: string }>;
  successToast: string;
  errorToast: (err: unknown) => string;
  /** What the page itself keeps showing after a failure. */
  inlineError: (err: unknown) => string;
}

/**
 * The page behind an e-mailed link carrying uid and token: choose a password, then sign in with the
 * returned e-mail and go to / (or to /login if that sign-in fails). Used by the set-password and the
 * registration-completion pages.
 */
export function TokenPasswordForm({ flow }: { flow: TokenPasswordFlow }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setUser = useAuthStore((s) => s.setUser);
  const userId = params.get('uid') ?? '';
  const token = params.get('token') ?? '';
  const linkValid = Boolean(userId && token);

  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [consent, setConsent] = useState(false);
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitAttempted(true);
    if (!linkValid) return;
    // Without a message of its own, a rule is shown by its input (length, consent).
    const fail = (message: string | null) => setFormError(message);
    if (!password || !confirm) return fail(BOTH_REQUIRED);
    if (validatePassword(password)) return fail(null);
    if (password !== confirm) return fail(flow.mismatchMessage);
    if (flow.withPrivacyConsent && !consent) return fail(null);
    setFormError(null);
    setPending(true);
    let email: string;
    try {
      ({ email } = await flow.send({ userId, token, password }));
      notify.success(flow.successToast);
    } catch (err) {
      notify.error(flow.errorToast(err));
      setFormError(flow.inlineError(err));
      setPending(false);
      return;
    }
    try {
      setUser(await login(email, password));
      void navigate('/', { replace: true });
    } catch {
      void navigate('/login', { replace: true });
    }
  }

  return (
    <AuthCard title="Ci siamo quasi..." subtitle={flow.subtitle}>
      <form className="shell-form" onSubmit={submit} noValidate>
        {!linkValid && (
          <p className="shell-form__error" role="alert">
            {INVALID_LINK}
          </p>
        )}
        <PasswordInput
          name="password"
          label="Nuova password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          required
          submitAttempted={submitAttempted}
        />
        <PasswordInput
          name="confirmPassword"
          label="Conferma password"
          value={confirm}
          onChange={setConfirm}
          autoComplete="new-password"
          required
          checkLength={false}
          submitAttempted={submitAttempted}
        />
        {flow.withPrivacyConsent && (
          <CheckboxInput
            name="privacyConsent"
            label={PRIVACY_CONSENT}
            value={consent}
            onChange={setConsent}
            required
            submitAttempted={submitAttempted}
          />
        )}
        {formError && (
          <p className="shell-form__error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="ui-btn ui-btn--primary shell-block" disabled={pending || !linkValid}>
          {flow.submitLabel}
        </button>
      </form>
    </AuthCard>
  );
}
