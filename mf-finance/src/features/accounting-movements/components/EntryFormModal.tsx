import { useForm } from 'react-hook-form';
import { FIELD_MESSAGES, type AccountingEntry } from 'shared-api';
import { accountingEntryEditPayload, complexAccountingEntryPayload } from 'shared-api/contract';
import { CheckboxInput, FileInput, RecordFormModal, TextArea, schemaResolver } from 'shared-ui';
import { useBusinessEntityOptions } from '../../business-entities/api';
import { subaccountLabel, useSubaccountOptions } from '../../subaccounts/api';
import { useCreateComplexEntry, useCreateEntry, useUpdateEntry } from '../api';
import { ATTACHMENT_RULES, headerOf, initialValues, requestBody, toSchemaInput, type EntryFormValues } from '../entry-form';
import { EntryHeaderFields, EntryLines } from './EntryFormFields';

/**
 * The server posts every movement against the cash or bank subaccount of its payment type (NO_PAYMENT_SUBACCOUNT
 * without one): the form asks for it, marked required, before sending (issue 44 item 8).
 */
const requirePaymentType = (values: EntryFormValues) => ({ payment_type: values.payment_type.length ? undefined : FIELD_MESSAGES.required });

/**
 * Add or edit an accounting movement (spec 002 §2, §5, §7). The transactions section starts with one line; more
 * lines make a multi-line entry, sent to /complex. Add requires fiscal year and registration date, edit the
 * registration date; every line needs its subaccount and taxable amount, VAT defaults to 0 and the total is
 * taxable + VAT. One attachment of at most 5 MB.
 */
export function EntryFormModal({ entry, onClose }: { entry?: AccountingEntry; onClose: () => void }) {
  const schema = entry ? accountingEntryEditPayload : complexAccountingEntryPayload;
  const form = useForm<EntryFormValues>({
    defaultValues: initialValues(entry),
    resolver: schemaResolver(schema, toSchemaInput, requirePaymentType),
  });
  const subaccounts = useSubaccountOptions();
  const entities = useBusinessEntityOptions();
  const create = useCreateEntry();
  const createComplex = useCreateComplexEntry();
  const update = useUpdateEntry();
  // More than one transaction line is a multi-line entry, created through /complex (its own success text).
  const lineCount = form.watch('items').length;

  const createBody = () => {
    const values = form.getValues();
    const parsed = complexAccountingEntryPayload.parse(toSchemaInput(values));
    return requestBody(headerOf(parsed), parsed.items, values.attachment[0]);
  };
  const editBody = () => {
    const values = form.getValues();
    const file = values.attachment[0];
    const parsed = accountingEntryEditPayload.parse(toSchemaInput(values));
    const extra = !file && values.remove_attachment ? { remove_attachment: true } : {};
    return requestBody(headerOf(parsed), parsed.items, file, extra);
  };

  const subaccountOptions = (subaccounts.data ?? []).map((s) => ({
    id: s._id,
    name: subaccountLabel({ subaccount_id: s.subaccount_id, name: s.name, account_id: s.parent_account.account_id }),
    description: `${s.parent_account.name} · ${s.parent_account.ledger_type}`,
  }));
  const entityOptions = (entities.data ?? []).map((b) => ({ id: b._id, name: b.name, description: b.identification_code }));

  return (
    <RecordFormModal
      form={form}
      record={entry}
      noun="voce contabile"
      onClose={onClose}
      create={lineCount > 1 ? createComplex : create}
      update={update}
      body={createBody}
      editBody={editBody}
      size="lg"
    >
      {(bind) => {
        return (
          <>
            <EntryHeaderFields bind={bind} editing={Boolean(entry)} entityOptions={entityOptions} entitiesLoading={entities.isLoading} />
            <EntryLines form={form} bind={bind} subaccountOptions={subaccountOptions} subaccountsLoading={subaccounts.isLoading} />
            <FileInput
              {...bind('attachment')}
              label="Allegato"
              accept={ATTACHMENT_RULES.accept}
              maxSizeMB={ATTACHMENT_RULES.maxSizeMB}
              maxFileCount={ATTACHMENT_RULES.maxFileCount}
              existing={entry?.attachment && !form.getValues('remove_attachment') ? { name: entry.attachment.name } : null}
            />
            {entry?.attachment && form.getValues('attachment').length === 0 && (
              <CheckboxInput {...bind('remove_attachment')} label="Rimuovi l'allegato attuale" />
            )}
            <TextArea {...bind('notes')} label="Note" />
          </>
        );
      }}
    </RecordFormModal>
  );
}
