import { useForm } from 'react-hook-form';
import { sendEmailPayload } from 'shared-api/contract';
import { MenuInput, FormModal, TextArea, TextInput, toMenuOptions, schemaResolver } from 'shared-ui';
import { useMailingListClassOptions } from '../../references/api/get-mailing-list-class-options';
import { useSendEmail } from '../api/send-email';
import { SEND_EMAIL_MAX_LISTS, emptySendEmailForm, toSendEmailPayload, type SendEmailFormValues } from '../mailing-list-form';

/**
 * 'Invia email' (spec 001 §5 Send email): at least one list (up to 50), subject and body; the success toast says
 * how many mails the server queued.
 */
export function SendEmailModal({ onClose }: { onClose: () => void }) {
  const form = useForm<SendEmailFormValues>({ defaultValues: emptySendEmailForm(), resolver: schemaResolver(sendEmailPayload, toSendEmailPayload) });
  const lists = useMailingListClassOptions();
  const sendEmail = useSendEmail();

  return (
    <FormModal
      form={form}
      size="lg"
      title="Invia email"
      onClose={onClose}
      submitLabel="Invia"
      onSubmit={() => sendEmail.mutateAsync(toSendEmailPayload(form.getValues()))}
      toasts={sendEmail.toasts}
    >
      {(bind) => {
        return (
          <>
            <MenuInput
              {...bind('mailing_lists')}
              label="Mailing list"
              options={toMenuOptions(lists.data)}
              loading={lists.isPending}
              maxSelections={SEND_EMAIL_MAX_LISTS}
              required
            />
            <TextInput {...bind('subject')} label="Oggetto" required />
            <TextArea {...bind('body')} label="Messaggio" rows={10} required />
          </>
        );
      }}
    </FormModal>
  );
}
