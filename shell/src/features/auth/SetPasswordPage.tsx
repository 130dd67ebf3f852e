import { TokenPasswordForm, type TokenPasswordFlow } from './TokenPasswordForm';
import { resetPassword } from './api';

const TOKEN_ERROR_FRAGMENT = 'Invalid or expired token';

const resetFlow: TokenPasswordFlow = {
  subtitle: 'Crea la tua nuova password, non la dimenticare!',
  submitLabel: 'Conferma',
  mismatchMessage: 'Le password non corrispondono.',
  withPrivacyConsent: false,
  send: resetPassword,
  successToast: 'Reset password completato con successo!',
  errorToast: (err) =>
    err instanceof Error && err.message.includes(TOKEN_ERROR_FRAGMENT)
      ? 'Token non valido o scaduto, riprova a richiedere il reset della password'
      : 'Errore durante il completamento del reset password',
  inlineError: () => 'Errore durante il reset della password',
};

/** /change-password and /login-change-password (spec 000 §2.6, 002 §2): reads uid and token from the link. */
export function SetPasswordPage() {
  return <TokenPasswordForm flow={resetFlow} />;
}
