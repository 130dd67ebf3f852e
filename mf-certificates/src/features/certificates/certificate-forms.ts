import type { Certificate, CertificateState } from 'shared-api';

/** What the create form's inputs hold: type and user are single-choice menus (spec 001 §5). */
export interface CreateFormValues {
  type: string[];
  user: string[];
  notes: string;
}

/** The POST /certificate payload of the create form. */
export const toCreatePayload = (values: CreateFormValues) => ({
  type: values.type[0] ?? '',
  user: values.user[0] ?? '',
  notes: values.notes.trim() || null,
});

/**
 * The management list's colours (spec 001 §4): valid green, is_expiring orange (within the type's warning days),
 * expired red, anything else grey. Texts are the download's (server certificates/export-columns.ts).
 */
export const STATE_BADGES: Record<CertificateState, { label: string; className: string }> = {
  valid: { label: 'Valido', className: 'ui-badge ui-badge--success' },
  is_expiring: { label: 'In scadenza', className: 'ui-badge ui-badge--warning' },
  expired: { label: 'Scaduto', className: 'ui-badge ui-badge--danger' },
  not_approved: { label: 'Da approvare', className: 'ui-badge' },
  missing: { label: 'Non caricato', className: 'ui-badge' },
};

/** The certificate's own notes and those of the approval of its latest upload. */
export function notesOf(certificate: Certificate): string {
  const record = certificate.active_record_content?.notes;
  return [certificate.notes, record].filter((n): n is string => Boolean(n)).join(' · ');
}

/** The upload awaiting approval, if the latest one is. */
export const pendingRecord = (certificate: Certificate) =>
  certificate.active_record_content && !certificate.active_record_content.isApproved ? certificate.active_record_content : null;
