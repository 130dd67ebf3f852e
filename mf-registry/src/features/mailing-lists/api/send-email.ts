import { api, type SendEmailPayload, type SendEmailResponse } from 'shared-api';
import { createMutation } from 'shared-ui';

/** Spec 001 §8 Email send: 'Email inviata con successo!', followed by how many mails the server queued. */
export function sentText({ queued }: SendEmailResponse): string {
  if (queued === 0) return 'Email inviata con successo! Nessun destinatario attivo nelle liste scelte: nessuna email in coda.';
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
  errorCodes: { detailed: ['VALIDATION_FAILED'] },
});
