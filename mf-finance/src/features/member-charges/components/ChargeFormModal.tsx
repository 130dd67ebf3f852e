import { useForm } from 'react-hook-form';
import { FINANCE_LIMITS, type MemberCharge, type MemberChargePayloadInput } from 'shared-api';
import { memberChargeEditPayload, memberChargePayload } from 'shared-api/contract';
import { MenuInput, RecordFormModal, NumberInput, PeriodInput, TextArea, TextInput, schemaResolver, toMenuOptions, type Period } from 'shared-ui';
import { amountOf, amountText } from '../../../components/money';
import { useChargeUserOptions, userOptions } from '../../../components/users';
import { useIncomeCategoryOptions } from '../../income-categories/api';
import { useCreateCharge, useCreateCharges, useUpdateCharge } from '../api';

interface ChargeFormValues {
  user: string[];
  income_category: string[];
  description: string;
  reference_period: Period;
  amount_due: string;
  notes: string;
}

const toPayload = (v: ChargeFormValues): MemberChargePayloadInput => ({
  user: v.user,
  income_category: v.income_category,
  description: v.description,
  reference_period: { start_date: v.reference_period.start_date ?? '', end_date: v.reference_period.end_date ?? '' },
  amount_due: amountOf(v.amount_due),
  notes: v.notes,
});

/**
 * Add or edit a member charge (spec 002 §5): users (up to 1000 on create, one charge each; one on edit), exactly
 * one income category, the reference period and the amount due are required; description and notes optional.
 */
export function ChargeFormModal({ charge, onClose }: { charge?: MemberCharge; onClose: () => void }) {
  const schema = charge ? memberChargeEditPayload : memberChargePayload;
  const form = useForm<ChargeFormValues>({
    defaultValues: {
      user: charge ? [charge.user._id] : [],
      income_category: charge?.income_category ? [charge.income_category._id] : [],
      description: charge?.description ?? '',
      reference_period: charge?.reference_period ?? { start_date: null, end_date: null },
      amount_due: charge ? amountText(charge.amount_due) : '',
      notes: charge?.notes ?? '',
    },
    resolver: schemaResolver(schema, toPayload),
  });
  const users = useChargeUserOptions();
  const categories = useIncomeCategoryOptions();
  const createOne = useCreateCharge();
  const createMany = useCreateCharges();
  const update = useUpdateCharge();
  const many = !charge && form.watch('user').length > 1;
  const create = many ? createMany : createOne;

  return (
    <RecordFormModal
      form={form}
      record={charge}
      noun="incasso socio"
      create={create}
      update={update}
      body={() => memberChargePayload.parse(toPayload(form.getValues()))}
      editBody={() => memberChargeEditPayload.parse(toPayload(form.getValues()))}
      onClose={onClose}
      size="lg"
    >
      {(bind) => {
        return (
          <>
            <MenuInput
              {...bind('user')}
              label={charge ? 'Socio' : 'Soci'}
              required
              options={userOptions(users.data)}
              loading={users.isLoading}
              maxSelections={charge ? 1 : FINANCE_LIMITS.chargeUsers}
              hint={charge ? undefined : 'Per ogni socio scelto viene creato un incasso'}
            />
            <MenuInput
              {...bind('income_category')}
              label="Categoria di entrata"
              required
              options={toMenuOptions(categories.data)}
              loading={categories.isLoading}
            />
            <TextInput {...bind('description')} label="Descrizione" />
            <PeriodInput {...bind('reference_period')} label="Periodo di riferimento" required />
            <NumberInput {...bind('amount_due')} label="Importo totale" required allowDecimals suffix="€" />
            <TextArea {...bind('notes')} label="Note" />
          </>
        );
      }}
    </RecordFormModal>
  );
}
