import { completeRegistration, errorText } from 'shared-api';
import { TokenPasswordForm, type TokenPasswordFlow } from './TokenPasswordForm';

const REGISTRATION_ERROR = 'Errore durante il completamento della registrazione.';
/** An invitation followed again says it was used, not the generic error (issue 44 item 8). */
const registrationError = (err: unknown) => errorText(err, REGISTRATION_ERROR, { own: ['INVITATION_ALREADY_USED'] });

const registrationFlow: TokenPasswordFlow = {
  subtitle: 'Scegli la password con cui accederai al portale del circolo.',
  submitLabel: 'Crea',
  mismatchMessage: 'Le password non corrispondono',
  withPrivacyConsent: true,
  send: completeRegistration,
  successToast: 'Registrazione completata con successo!',
  errorToast: registrationError,
  inlineError: registrationError,
};

/** /complete-registration?uid=&token= (spec 000 §2.5): the invitation link's page. */
export function CompleteRegistrationPage() {
  return <TokenPasswordForm flow={registrationFlow} />;
}
