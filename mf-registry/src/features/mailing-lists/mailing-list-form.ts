import type { MailingListClass, SendEmailPayload } from 'shared-api';
import type { MenuOption } from 'shared-ui';

type MailingListType = MailingListClass['type'];

/** The two types of a mailing list (spec 001 §3), named in Italian. */
export const MAILING_LIST_TYPE_LABELS: Record<MailingListType, string> = { INFORMATIVA: 'Informativa', COMMERCIALE: 'Commerciale' };
export const MAILING_LIST_TYPE_OPTIONS: MenuOption[] = (Object.keys(MAILING_LIST_TYPE_LABELS) as MailingListType[]).map((id) => ({
  id,
  name: MAILING_LIST_TYPE_LABELS[id],
  description: id === 'COMMERCIALE' ? 'Ogni email porta il link per annullare l’iscrizione' : 'Comunicazioni del circolo',
}));

/** Spec 001 §5 Send email: up to 50 lists. */
export const SEND_EMAIL_MAX_LISTS = 50;

/** What the mailing-list form's inputs hold; a new list is INFORMATIVA until chosen otherwise. */
export interface MailingListFormValues {
  name: string;
  description: string;
  type: string[];
  is_default: boolean;
}

export function mailingListToForm(list?: MailingListClass): MailingListFormValues {
  return { name: list?.name ?? '', description: list?.description ?? '', type: [list?.type ?? 'INFORMATIVA'], is_default: list?.is_default ?? false };
}

/** What the contract's mailingListClassPayload checks (only the first type is sent, spec 001 §5; none chosen is missing). */
export const toMailingListInput = (values: MailingListFormValues) => ({
  name: values.name.trim(),
  description: values.description.trim() || null,
  type: values.type[0],
  is_default: values.is_default,
});

export interface SendEmailFormValues {
  mailing_lists: string[];
  subject: string;
  body: string;
}

export const emptySendEmailForm = (): SendEmailFormValues => ({ mailing_lists: [], subject: '', body: '' });

export const toSendEmailPayload = (values: SendEmailFormValues): SendEmailPayload => ({
  mailing_lists: values.mailing_lists,
  subject: values.subject.trim(),
  body: values.body,
});
