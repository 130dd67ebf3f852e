import type { UseFormReturn } from 'react-hook-form';
import { latestEntryDate } from 'shared-api';
import { CompositeSections, DateInput, clubToday, MenuInput, NumberInput, TextInput, formatEuro, type MenuOption, type fieldBinder } from 'shared-ui';
import { emptyLine, lineTotalCents, paymentTypeOptions, type EntryFormValues } from '../entry-form';

type EntryBinder = ReturnType<typeof fieldBinder<EntryFormValues>>;

/** The movement's header: fiscal year, registration date, numbers, business entity and payment type. */
export function EntryHeaderFields({
  bind,
  editing,
  entityOptions,
  entitiesLoading,
}: {
  bind: EntryBinder;
  editing: boolean;
  entityOptions: MenuOption[];
  entitiesLoading: boolean;
}) {
  return (
    <div className="ui-grid ui-grid--2">
      <TextInput {...bind('fiscal_year')} label="Anno fiscale" required={!editing} placeholder="2031-2032" hint="Formato AAAA-AAAA, es. 2031-2032" />
      {/* The server's limit too (ENTRY_DATE_TOO_FAR): a date typed past it is named, not silently cleared. */}
      <DateInput {...bind('registration_date')} label="Data di registrazione" required maxDate={latestEntryDate(clubToday())} />
      <NumberInput
        {...bind('progressive')}
        label="Progressivo"
        hint={
          editing
            ? "Lascia il numero o scrivine un altro libero nell'anno fiscale"
            : "Facoltativo: senza numero prende il successivo dell'anno fiscale"
        }
      />
      <NumberInput {...bind('document_number')} label="Numero documento" />
      <MenuInput {...bind('business_entity')} label="Fornitore o cliente" options={entityOptions} loading={entitiesLoading} maxSelections={1} />
      <MenuInput
        {...bind('payment_type')}
        label="Tipo di pagamento"
        required
        options={paymentTypeOptions(editing)}
        searchable={false}
        maxSelections={1}
        hint="Il sottoconto di cassa o di banca su cui va la contropartita del movimento"
      />
    </div>
  );
}

/** The movement's transactions: one section a line (subaccount, description, taxable, VAT) with its total. */
export function EntryLines({
  form,
  bind,
  subaccountOptions,
  subaccountsLoading,
}: {
  form: UseFormReturn<EntryFormValues>;
  bind: EntryBinder;
  subaccountOptions: MenuOption[];
  subaccountsLoading: boolean;
}) {
  return (
    <CompositeSections
      {...bind('items')}
      label="Transazioni"
      required
      createItem={emptyLine}
      addLabel="Aggiungi transazione"
      sectionTitle={(i) => `Transazione ${i + 1}`}
      renderSection={(_line, index) => {
        const total = lineTotalCents(form.getValues(`items.${index}`));
        return (
          <div className="ui-grid ui-grid--2">
            <MenuInput
              {...bind(`items.${index}.subaccount`)}
              label="Sottoconto"
              required
              options={subaccountOptions}
              loading={subaccountsLoading}
              maxSelections={1}
            />
            <TextInput {...bind(`items.${index}.description`)} label="Descrizione" />
            <NumberInput {...bind(`items.${index}.taxable_amount`)} label="Imponibile" required allowDecimals suffix="€" />
            <NumberInput {...bind(`items.${index}.vat`)} label="IVA" allowDecimals suffix="€" />
            <p aria-live="polite">
              Totale: <strong>{total === null ? '—' : formatEuro(total)}</strong>
            </p>
          </div>
        );
      }}
    />
  );
}
