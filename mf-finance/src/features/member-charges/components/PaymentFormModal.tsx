import { useForm } from 'react-hook-form';
import { PAYMENT_TYPES, PAYMENT_TYPE_LABELS, latestPaymentDate, type MemberCharge, type MemberPayment, type PaymentPayloadInput } from 'shared-api';
import { paymentPayload } from 'shared-api/contract';
import { DateInput, MenuInput, NumberInput, RecordFormModal, clubToday, schemaResolver } from 'shared-ui';
import { fullName } from '../../../components/options';
import { amountOf, amountText, formatAmount } from '../../../components/money';
import { useCreatePayment, useUpdatePayment } from '../api';

interface PaymentFormValues {
  amount_paid: string;
  payment_date: string | null;
  payment_type: string[];
}

const PAYMENT_OPTIONS = PAYMENT_TYPES.map((t) => ({ id: t, name: PAYMENT_TYPE_LABELS[t] }));

const toPayload = (v: PaymentFormValues): PaymentPayloadInput => ({
  amount_paid: amountOf(v.amount_paid),
  payment_date: v.payment_date ?? '',
  payment_type: v.payment_type[0] ?? null,
});

/**
 * Record or edit a payment of a member charge (spec 002 §5: amount and date required, type optional, cash when
 * left empty). The server posts its accounting entry and refuses more than what remains, or a date more than
 * PAYMENT_DATE_MAX_DAYS_AHEAD days after today (issue 26 item 7).
 */
export function PaymentFormModal({ charge, payment, onClose }: { charge: MemberCharge; payment?: MemberPayment; onClose: () => void }) {
  const form = useForm<PaymentFormValues>({
    defaultValues: {
      amount_paid: payment ? amountText(payment.amount) : '',
      payment_date: payment?.payment_date ?? clubToday(),
      payment_type: [payment?.payment_type ?? 'cash'],
    },
    resolver: schemaResolver(paymentPayload, toPayload),
  });
  const create = useCreatePayment();
  const update = useUpdatePayment();

  const payload = () => paymentPayload.parse(toPayload(form.getValues()));
  // What this payment may reach: what remains, plus its own amount when it is being edited.
  const available = charge.amount_remaining + (payment?.amount ?? 0);

  return (
    <RecordFormModal
      form={form}
      record={payment}
      noun="pagamento"
      createLabel="Registra"
      onClose={onClose}
      create={create}
      update={update}
      parent={{ chargeId: charge._id }}
      body={() => ({ chargeId: charge._id, body: payload() })}
      editBody={payload}
      size="sm"
    >
      {(bind) => {
        return (
          <>
            <p className="ui-hint">
              {fullName(charge.user)} · {charge.description ?? charge.income_category?.name ?? ''} · da pagare {formatAmount(available)}
            </p>
            <NumberInput {...bind('amount_paid')} label="Importo" required allowDecimals suffix="€" />
            {/* The server's limit too (PAYMENT_DATE_TOO_FAR): a date typed past it is named, not silently cleared. */}
            <DateInput {...bind('payment_date')} label="Data del pagamento" required maxDate={latestPaymentDate(clubToday())} />
            <MenuInput {...bind('payment_type')} label="Tipo di pagamento" options={PAYMENT_OPTIONS} searchable={false} />
          </>
        );
      }}
    </RecordFormModal>
  );
}
