import { useForm } from 'react-hook-form';
import type { SelfCertificationPayloadInput } from 'shared-api';
import { selfCertificationPayload } from 'shared-api/contract';
import { DateInput, MenuInput, FormModal, MonthPeriodInput, NumberInput, schemaResolver, type MonthPeriod } from 'shared-ui';
import { amountOf } from '../../../components/money';
import { usePartnerOptions, userOptions } from '../../../components/users';
import { useCreateSelfCertification } from '../api';

interface CertificationFormValues {
  user: string[];
  period: MonthPeriod;
  amount: string;
  release_date: string | null;
}

/** The payload: the month/year pair as period, and split into year and month (spec 002 §3). */
const toPayload = (v: CertificationFormValues): SelfCertificationPayloadInput => ({
  user: v.user,
  period: v.period.month !== null && v.period.year !== null ? { month: v.period.month, year: v.period.year } : undefined,
  year: v.period.year,
  month: v.period.month,
  amount: amountOf(v.amount),
  release_date: v.release_date ?? '',
});

/** Add a self-certification (spec 002 §5): user (one, among available partners), period, amount and release date. */
export function SelfCertificationFormModal({ onClose }: { onClose: () => void }) {
  const form = useForm<CertificationFormValues>({
    defaultValues: { user: [], period: { month: null, year: null }, amount: '', release_date: null },
    resolver: schemaResolver(selfCertificationPayload, toPayload),
  });
  const users = usePartnerOptions();
  const create = useCreateSelfCertification();

  const submit = () => {
    const p = selfCertificationPayload.parse(toPayload(form.getValues()));
    return create.mutateAsync({ ...p, period: { month: p.month, year: p.year } });
  };

  return (
    <FormModal form={form} title="Aggiungi autocertificazione" onClose={onClose} submitLabel="Crea" onSubmit={submit} toasts={create.toasts}>
      {(bind) => {
        return (
          <>
            <MenuInput {...bind('user')} label="Utente" required options={userOptions(users.data)} loading={users.isLoading} />
            <MonthPeriodInput {...bind('period')} label="Periodo" required />
            <NumberInput {...bind('amount')} label="Importo" required allowDecimals suffix="€" />
            <DateInput {...bind('release_date')} label="Data di rilascio" required />
          </>
        );
      }}
    </FormModal>
  );
}
