import { useForm } from 'react-hook-form';
import { FINANCE_LIMITS, PAYMENT_TYPES, PAYMENT_TYPE_LABELS, type Subaccount, type SubaccountPayloadInput } from 'shared-api';
import { subaccountEditPayload, subaccountPayload } from 'shared-api/contract';
import { MenuInput, RecordFormModal, NumberInput, TextInput, schemaResolver } from 'shared-ui';
import { useAccountOptions } from '../../accounts/api';
import { useCreateSubaccount, useUpdateSubaccount } from '../api';

interface SubaccountFormValues {
  subaccount_id: string;
  name: string;
  parent_account: string[];
  payment_type: string[];
}

const PAYMENT_OPTIONS = PAYMENT_TYPES.map((t) => ({ id: t, name: PAYMENT_TYPE_LABELS[t] }));

const toPayload = (v: SubaccountFormValues): SubaccountPayloadInput => ({
  subaccount_id: v.subaccount_id,
  name: v.name,
  parent_account: v.parent_account,
  payment_type: v.payment_type[0] ?? null,
});

/**
 * Add or edit a subaccount (spec 002 §5: name and parent account required; up to 2 parents on create, one
 * subaccount under each, 1 on edit). The payment type tells which payments an asset subaccount receives.
 */
export function SubaccountFormModal({ subaccount, onClose }: { subaccount?: Subaccount; onClose: () => void }) {
  const schema = subaccount ? subaccountEditPayload : subaccountPayload;
  const form = useForm<SubaccountFormValues>({
    defaultValues: {
      subaccount_id: subaccount ? String(subaccount.subaccount_id) : '',
      name: subaccount?.name ?? '',
      parent_account: subaccount ? [subaccount.parent_account._id] : [],
      payment_type: subaccount?.payment_type ? [subaccount.payment_type] : [],
    },
    resolver: schemaResolver(schema, toPayload),
  });
  const accounts = useAccountOptions();
  const create = useCreateSubaccount();
  const update = useUpdateSubaccount();

  const accountOptions = (accounts.data ?? []).map((a) => ({ id: a._id, name: `${a.account_id} ${a.name}`, description: a.ledger_type }));

  return (
    <RecordFormModal
      form={form}
      record={subaccount}
      noun="sottoconto"
      create={create}
      update={update}
      body={() => subaccountPayload.parse(toPayload(form.getValues()))}
      editBody={() => subaccountEditPayload.parse(toPayload(form.getValues()))}
      onClose={onClose}
    >
      {(bind) => {
        return (
          <>
            <NumberInput
              {...bind('subaccount_id')}
              label="Codice"
              max={999_999_999}
              hint="Facoltativo: senza codice il sottoconto prende il primo libero del conto"
            />
            <TextInput {...bind('name')} label="Nome" required />
            <MenuInput
              {...bind('parent_account')}
              label="Conto padre"
              required
              options={accountOptions}
              loading={accounts.isLoading}
              maxSelections={subaccount ? 1 : FINANCE_LIMITS.parentAccountsOnCreate}
            />
            <MenuInput
              {...bind('payment_type')}
              label="Tipo di pagamento"
              options={PAYMENT_OPTIONS}
              searchable={false}
              hint="Solo per i sottoconti patrimoniali: i pagamenti di questo tipo vi vengono registrati"
            />
          </>
        );
      }}
    </RecordFormModal>
  );
}
