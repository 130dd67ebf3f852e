import { useForm } from 'react-hook-form';
import { ASSET_LEDGERS, ECONOMIC_LEDGERS, FINANCE_LIMITS, type IncomeCategory, type IncomeCategoryPayloadInput, type Subaccount } from 'shared-api';
import { incomeCategoryPayload } from 'shared-api/contract';
import { MenuInput, RecordFormModal, TextInput, schemaResolver, type MenuOption } from 'shared-ui';
import { subaccountLabel, useSubaccountOptions } from '../../subaccounts/api';
import { useCreateIncomeCategory, useUpdateIncomeCategory } from '../api';

interface CategoryFormValues {
  name: string;
  economic_subaccounts: string[];
  asset_subaccounts: string[];
}

/** The subaccounts of accounts in the given ledgers, as menu options with their account as sub-line. */
const optionsIn = (subaccounts: Subaccount[] | undefined, ledgers: readonly string[]): MenuOption[] =>
  (subaccounts ?? [])
    .filter((s) => ledgers.includes(s.parent_account.ledger_type))
    .map((s) => ({
      id: s._id,
      name: subaccountLabel({ ...s, account_id: s.parent_account.account_id }),
      description: `${s.parent_account.name} · ${s.parent_account.ledger_type}`,
    }));

/**
 * Add or edit an income category (spec 002 §5): name required; economic subaccounts only from Ricavi or Costi,
 * asset subaccounts only from the Patrimoniale ledgers, 1 to 10 of each.
 */
export function IncomeCategoryFormModal({ category, onClose }: { category?: IncomeCategory; onClose: () => void }) {
  const form = useForm<CategoryFormValues>({
    defaultValues: {
      name: category?.name ?? '',
      economic_subaccounts: category?.economic_subaccounts.map((s) => s._id) ?? [],
      asset_subaccounts: category?.asset_subaccounts.map((s) => s._id) ?? [],
    },
    resolver: schemaResolver(incomeCategoryPayload, (values: CategoryFormValues) => values satisfies IncomeCategoryPayloadInput),
  });
  const subaccounts = useSubaccountOptions();
  const create = useCreateIncomeCategory();
  const update = useUpdateIncomeCategory();

  return (
    <RecordFormModal
      form={form}
      record={category}
      noun="categoria di entrata"
      create={create}
      update={update}
      body={() => incomeCategoryPayload.parse(form.getValues())}
      onClose={onClose}
    >
      {(bind) => {
        return (
          <>
            <TextInput {...bind('name')} label="Nome" required />
            <MenuInput
              {...bind('economic_subaccounts')}
              label="Sottoconti economici"
              required
              options={optionsIn(subaccounts.data, ECONOMIC_LEDGERS)}
              loading={subaccounts.isLoading}
              maxSelections={FINANCE_LIMITS.categorySubaccounts}
              hint="Sottoconti dei conti Ricavi o Costi"
            />
            <MenuInput
              {...bind('asset_subaccounts')}
              label="Sottoconti patrimoniali"
              required
              options={optionsIn(subaccounts.data, ASSET_LEDGERS)}
              loading={subaccounts.isLoading}
              maxSelections={FINANCE_LIMITS.categorySubaccounts}
              hint="Sottoconti dei conti Patrimoniale attivo o passivo: la cassa e le banche che ricevono i pagamenti"
            />
          </>
        );
      }}
    </RecordFormModal>
  );
}
