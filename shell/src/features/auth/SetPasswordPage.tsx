import { errorText, resetPassword } from 'shared-api';
import { TokenPasswordForm, type TokenPasswordFlow } from './TokenPasswordForm';

const resetFlow: TokenPasswordFlow = {
  subtitle: 'Crea la tua nuova password, non la dimenticare!',
  submitLabel: 'Conferma',
  mismatchMessage: 'Le password non corrispondono.',
  withPrivacyConsent: false,
  send: resetPassword,
  successToast: 'Reset password completato con successo!',
  // An expired or used link has its own text (spec 000 §8): 'Token non valido o scaduto, riprova a richiedere…'.
  errorToast: (err) => errorText(err, 'Errore durante il completamento del reset password', { own: ['INVALID_TOKEN'] }),
  inlineError: () => 'Errore durante il reset della password',
};

/** /change-password and /login-change-password (spec 000 §2.6, 002 §2): reads uid and token from the link. */
export function SetPasswordPage() {
  return <TokenPasswordForm flow={resetFlow} />;
}
