import { completeRegistration } from 'shared-api';
import { TokenPasswordForm, type TokenPasswordFlow } from './TokenPasswordForm';

const REGISTRATION_ERROR = 'Errore durante il completamento della registrazione.';

const registrationFlow: TokenPasswordFlow = {
  subtitle: 'Scegli la password con cui accederai al portale del circolo.',
  submitLabel: 'Crea',
  mismatchMessage: 'Le password non corrispondono',
  withPrivacyConsent: true,
  send: completeRegistration,
  successToast: 'Registrazione completata con successo!',
  errorToast: () => REGISTRATION_ERROR,
  inlineError: () => REGISTRATION_ERROR,
};

/** /complete-registration?uid=&token= (spec 000 §2.5): the invitation link's page. */
export function CompleteRegistrationPage() {
  return <TokenPasswordForm flow={registrationFlow} />;
}
