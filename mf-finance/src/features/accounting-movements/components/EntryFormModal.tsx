import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ENTRY_PAYMENT_TYPES, FINANCE_LIMITS, PAYMENT_TYPES, PAYMENT_TYPE_LABELS, type AccountingEntry } from 'shared-api';
import { accountingEntryEditPayload, complexAccountingEntryPayload } from 'shared-api/contract';
import {
  CheckboxInput,
  CompositeSections,
  DateInput,
  FileInput,
  MenuInput,
  ModalForm,
  NumberInput,
  TextArea,
  TextInput,
  fieldBinder,
  formResolver,
  toMenuOptions,
} from 'shared-ui';
import { nestedMessage } from '../../../components/form-errors';
import { formatAmount } from '../../../components/money';
import { useBusinessEntityOptions } from '../../business-entities/api';
import { subaccountLabel, useSubaccountOptions } from '../../subaccounts/api';
import { useCreateComplexEntry, useCreateEntry, useUpdateEntry } from '../api';
import { entryToForm, lineTotal, newLine, toBody, toPayloadInput, type EntryFormValues, type LineValues } from '../entry-form';

/** Spec 002 §5: the attachment's accepted types. */
const ATTACHMENT_TYPES = ['pdf', 'doc', 'docx', 'rtf', 'txt', 'zip', 'jpg', 'jpeg', 'png', 'gif', 'tif', 'tiff', 'webp', 'svg', 'xlsx', 'xls', 'csv'];

/**
 * Add or edit an accounting entry (spec 002 §2, §5). Fiscal year and registration date are required; one
 * transaction line makes a single entry, several a multi-line entry saved in one call; the attachment (1 file,
 * 5 MB) goes as multipart. The add form offers cash and the two banks, the edit form also the generic bank.
 */
export function EntryFormModal({ entry, onClose }: { entry?: AccountingEntry; onClose: () => void }) {
  const schema = entry ? accountingEntryEditPayload : complexAccountingEntryPayload;
  const form = useForm<EntryFormValues>({
    defaultValues: entryToForm(entry),
    resolver: (values, context, options) => formResolver<EntryFormValues>(zodResolver(schema))(toPayloadInput(values) as never, context, options),
  });
  const subaccounts = useSubaccountOptions();
  const entities = useBusinessEntityOptions();
  const createSingle = useCreateEntry();
  const createComplex = useCreateComplexEntry();
  const update = useUpdateEntry();
  const lines = form.watch('items');
  const create = lines.length > 1 ? createComplex : createSingle;

  const subaccountOptions = (subaccounts.data ?? []).map((s) => ({
    id: s._id,
    name: subaccountLabel({ ...s, account_id: s.parent_account.account_id }),
    description: `${s.parent_account.name} · ${s.parent_account.ledger_type}`,
  }));
  const paymentOptions = (entry ? ENTRY_PAYMENT_TYPES : PAYMENT_TYPES).map((t) => ({ id: t, name: PAYMENT_TYPE_LABELS[t] }));

  const submit = () => {
    const values = form.getValues();
    const file = values.attachment[0];
    if (entry) {
      const parsed = accountingEntryEditPayload.parse(toPayloadInput(values));
      const { items, fiscal_year, registration_date, progressive, document_number, business_entity, payment_type, notes } = parsed;
      const body = {
        fiscal_year,
        registration_date,
        progressive,
        document_number,
        business_entity,
        payment_type,
        notes,
        items,
        remove_attachment: values.remove_attachment,
      };
      return update.mutateAsync({ id: entry._id, body: toBody(body, file) });
    }
    const { items, ...common } = complexAccountingEntryPayload.parse(toPayloadInput(values));
    const [only] = items;
    if (items.length === 1 && only) return createSingle.mutateAsync(toBody({ ...common, ...only, total: undefined }, file));
    return createComplex.mutateAsync(toBody({ ...common, items }, file));
  };

  const lineError = (index: number, field: keyof LineValues) => {
    const errors = form.formState.errors.items as unknown as Record<string, Record<string, { message?: string }> | undefined> | undefined;
    return errors?.[index]?.[field]?.message ?? null;
  };

  return (
    <ModalForm
      open
      title={entry ? 'Modifica voce contabile' : 'Aggiungi voce contabile'}
      onClose={onClose}
      submitLabel={entry ? 'Salva' : 'Crea'}
      validate={() => form.trigger()}
      onSubmit={submit}
      toasts={entry ? update.toasts : create.toasts}
      size="lg"
    >
      {({ submitAttempted }) => {
        const bind = fieldBinder(form, submitAttempted);
        const shown = (index: number, field: keyof LineValues) => (submitAttempted ? lineError(index, field) : null);
        return (
          <>
            <div className="ui-grid ui-grid--3">
              <TextInput {...bind('fiscal_year')} label="Anno fiscale" required placeholder="AAAA-AAAA" />
              <DateInput {...bind('registration_date')} label="Data registrazione" required />
              <NumberInput {...bind('progressive')} label="Progressivo" min={1} hint="Facoltativo: senza numero il successivo dell'anno" />
            </div>
            <div className="ui-grid ui-grid--3">
              <NumberInput {...bind('document_number')} label="Numero documento" min={0} />
              <MenuInput
                {...bind('business_entity')}
                label="Entità commerciale"
                options={toMenuOptions(entities.data)}
                loading={entities.isLoading}
              />
              <MenuInput {...bind('payment_type')} label="Tipo di pagamento" options={paymentOptions} searchable={false} />
            </div>
            <CompositeSections<LineValues>
              name="items"
              label="Transazioni"
              required
              value={lines}
              onChange={(items) => form.setValue('items', items, { shouldDirty: true, shouldValidate: submitAttempted })}
              createItem={newLine}
              max={100}
              addLabel="Aggiungi transazione"
              sectionTitle={(i) => `Transazione ${i + 1}`}
              error={
                submitAttempted
                  ? nestedMessage(
                      form.formState.errors.items?.root ?? (form.formState.errors.items?.message ? form.formState.errors.items : undefined),
                    )
                  : null
              }
              renderSection={(line, index, change) => {
                const total = lineTotal(line);
                return (
                  <>
                    <MenuInput
                      name={`items-${index}-subaccount`}
                      label="Sottoconto"
                      required
                      value={line.subaccount}
                      onChange={(subaccount) => change({ ...line, subaccount })}
                      options={subaccountOptions}
                      loading={subaccounts.isLoading}
                      error={shown(index, 'subaccount')}
                    />
                    <TextInput
                      name={`items-${index}-description`}
                      label="Descrizione"
                      value={line.description}
                      onChange={(description) => change({ ...line, description })}
                      error={shown(index, 'description')}
                    />
                    <div className="ui-grid ui-grid--3">
                      <NumberInput
                        name={`items-${index}-taxable`}
                        label="Imponibile"
                        required
                        allowDecimals
                        min={0}
                        suffix="€"
                        value={line.taxable_amount}
                        onChange={(taxable_amount) => change({ ...line, taxable_amount })}
                        error={shown(index, 'taxable_amount')}
                      />
                      <NumberInput
                        name={`items-${index}-vat`}
                        label="IVA"
                        allowDecimals
                        min={0}
                        suffix="€"
                        value={line.vat}
                        onChange={(vat) => change({ ...line, vat })}
                        error={shown(index, 'vat')}
                      />
                      <p className="fin-line-total" aria-live="polite">
                        Totale: <strong>{total === null ? '—' : formatAmount(total)}</strong>
                      </p>
                    </div>
                  </>
                );
              }}
            />
            <TextArea {...bind('notes')} label="Note" />
            <FileInput
              {...bind('attachment')}
              label="Allegato"
              accept={ATTACHMENT_TYPES}
              maxFileCount={1}
              maxSizeMB={FINANCE_LIMITS.attachmentMb}
              existing={entry?.attachment && !form.watch('remove_attachment') ? { name: entry.attachment.name } : null}
            />
            {entry?.attachment && (
              <CheckboxInput
                {...bind('remove_attachment')}
                label="Rimuovi l'allegato salvato"
                hint="Un nuovo file sostituisce comunque quello salvato"
              />
            )}
          </>
        );
      }}
    </ModalForm>
  );
}
