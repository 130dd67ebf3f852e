import { api, type SendEmailPayload, type SendEmailResponse } from 'shared-api';
import { createMutation } from 'shared-ui';

/**
 * Spec 001 §8 Email send: 'Email inviata con successo!', followed by how many mails the server queued. Lists that
 * reach nobody are refused (MAILING_NO_RECIPIENTS, said in its own words): nothing sent is not a success (issue 44).
 */
export function sentText({ queued }: SendEmailResponse): string {
  return `Email inviata con successo! ${queued === 1 ? '1 email messa' : `${queued} email messe`} in coda di invio.`;
}

/**
 * POST /emails/send: one mail per member the chosen lists reach (docs/decisions.md, "Sending to mailing lists").
 * No list shows mails, so none reloads.
 */
export const useSendEmail = createMutation({
  mutationFn: (body: SendEmailPayload) => api.post<SendEmailResponse>('/emails/send', body),
  invalidates: 'emails',
  toasts: { pending: 'Invio email in corso...', success: sentText, error: "Si è verificato un errore durante l'invio dell'email." },
  errorCodes: { own: ['MAILING_NO_RECIPIENTS'], detailed: ['VALIDATION_FAILED'] },
});
