import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { login, useAuthStore, type NewPasswordForm, type TokenPasswordBody } from 'shared-api';
import { CheckboxInput, PasswordInput, fieldBinder, notify } from 'shared-ui';
import { AuthCard } from './AuthCard';
import { newPasswordResolver } from './form-schemas';

const INVALID_LINK = "Link di registrazione non valido. Controlla l'URL";
const BOTH_REQUIRED = 'Entrambi i campi della password sono obbligatori';
const PRIVACY_CONSENT = 'Autorizzo il trattamento dei dati personali a fini commerciali e pubblicitari...';

export interface TokenPasswordFlow {
  subtitle: string;
  submitLabel: string;
  /** The two pages word the mismatch differently (spec 000 §5 and 002 §5). */
  mismatchMessage: string;
  withPrivacyConsent: boolean;
  send: (body: TokenPasswordBody) => Promise<{ email: string }>;
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

  const [resolver] = useState(() => newPasswordResolver(flow.withPrivacyConsent));
  const form = useForm<NewPasswordForm>({ defaultValues: { password: '', confirm: '', consent: false }, resolver });
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const bind = fieldBinder(form, form.formState.isSubmitted && linkValid);

  // The page's own messages: both fields missing, or two different passwords (worded per page); the other
  // rules (length, consent) are shown by their inputs.
  function refuse(errors: FieldErrors<NewPasswordForm>) {
    const { password, confirm } = form.getValues();
    if (!password || !confirm) return setFormError(BOTH_REQUIRED);
    setFormError(!errors.password && password !== confirm ? flow.mismatchMessage : null);
  }

  async function submit({ password, confirm }: NewPasswordForm) {
    if (password !== confirm) return setFormError(flow.mismatchMessage);
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
      <form className="shell-form" onSubmit={linkValid ? form.handleSubmit(submit, refuse) : (e) => e.preventDefault()} noValidate>
        {!linkValid && (
          <p className="shell-form__error" role="alert">
            {INVALID_LINK}
          </p>
        )}
        <PasswordInput {...bind('password')} label="Nuova password" autoComplete="new-password" required />
        <PasswordInput {...bind('confirm')} name="confirmPassword" label="Conferma password" autoComplete="new-password" required />
        {flow.withPrivacyConsent && <CheckboxInput {...bind('consent')} name="privacyConsent" label={PRIVACY_CONSENT} required />}
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
