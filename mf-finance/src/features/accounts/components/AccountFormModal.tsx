import { useForm } from 'react-hook-form';
import { LEDGER_TYPES, type Account, type AccountPayloadInput } from 'shared-api';
import { accountPayload } from 'shared-api/contract';
import { MenuInput, RecordFormModal, NumberInput, TextInput, schemaResolver } from 'shared-ui';
import { useCreateAccount, useUpdateAccount } from '../api';

interface AccountFormValues {
  account_id: string;
  name: string;
  ledger_type: string[];
}

const LEDGER_OPTIONS = LEDGER_TYPES.map((l) => ({ id: l, name: l }));

const toPayload = (v: AccountFormValues): AccountPayloadInput => ({
  account_id: v.account_id,
  name: v.name,
  ledger_type: (v.ledger_type[0] ?? '') as AccountPayloadInput['ledger_type'],
});

/** Add (account undefined) or edit an account (spec 002 §5: name and ledger required, the code optional). */
export function AccountFormModal({ account, onClose }: { account?: Account; onClose: () => void }) {
  const form = useForm<AccountFormValues>({
    defaultValues: {
      account_id: account ? String(account.account_id) : '',
      name: account?.name ?? '',
      ledger_type: account ? [account.ledger_type] : [],
    },
    resolver: schemaResolver(accountPayload, toPayload),
  });
  const create = useCreateAccount();
  const update = useUpdateAccount();

  return (
    <RecordFormModal
      form={form}
      record={account}
      noun="conto"
      create={create}
      update={update}
      body={() => accountPayload.parse(toPayload(form.getValues()))}
      onClose={onClose}
    >
      {(bind) => {
        return (
          <>
            <NumberInput
              {...bind('account_id')}
              label="Codice conto"
              max={999_999_999}
              hint="Facoltativo: senza codice il conto prende il primo libero"
            />
            <TextInput {...bind('name')} label="Nome" required />
            <MenuInput {...bind('ledger_type')} label="Registro" required options={LEDGER_OPTIONS} searchable={false} />
          </>
        );
      }}
    </RecordFormModal>
  );
}
