import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReservationRule } from 'shared-api';
import { reservationRuleForm } from 'shared-api/contract';
import { ModalForm, NumberInput, SelectInput, TextArea, TextInput, UnlockTimesInput, WEEKDAY_NAMES, fieldBinder, formResolver } from 'shared-ui';
import { useCreateReservationRule } from '../api/create-reservation-rule';
import { useUpdateReservationRule } from '../api/update-reservation-rule';
import { reservationRuleToForm, type ReservationRuleFormValues } from '../reservation-rule-form';

/** 0 Sunday … 6 Saturday (spec 001 §3). */
const WEEKDAY_OPTIONS = WEEKDAY_NAMES.map((label, day) => ({ value: String(day), label }));

/**
 * Create (rule undefined) or edit a booking rule (spec 001 §5 Booking rule), validated by the contract's
 * reservationRuleForm. An unlock time that is started but not complete keeps the form from being sent, since
 * the input leaves it out of the value and it would be lost.
 */
export function ReservationRuleFormModal({ rule, onClose }: { rule?: ReservationRule; onClose: () => void }) {
  const form = useForm<ReservationRuleFormValues>({
    defaultValues: reservationRuleToForm(rule),
    resolver: formResolver(zodResolver(reservationRuleForm)),
  });
  const unlockTimeIncomplete = useRef(false);
  const createRule = useCreateReservationRule();
  const updateRule = useUpdateReservationRule();

  const submit = () => {
    const body = reservationRuleForm.parse(form.getValues());
    return rule ? updateRule.mutateAsync({ id: rule._id, body }) : createRule.mutateAsync(body);
  };

  return (
    <ModalForm
      open
      size="lg"
      title={rule ? 'Modifica regola di prenotazione' : 'Aggiungi regola di prenotazione'}
      onClose={onClose}
      submitLabel={rule ? 'Salva' : 'Crea'}
      validate={async () => (await form.trigger()) && !unlockTimeIncomplete.current}
      onSubmit={submit}
      toasts={rule ? updateRule.toasts : createRule.toasts}
    >
      {({ submitAttempted }) => {
        const bind = fieldBinder(form, submitAttempted);
        return (
          <>
            <TextInput {...bind('name')} label="Nome" required />
            <TextArea {...bind('description')} label="Descrizione" />
            <div className="ui-grid ui-grid--2">
              <NumberInput {...bind('max_rounds_per_week')} label="Turni massimi a settimana" required min={0} />
              <NumberInput {...bind('max_rounds_per_day')} label="Turni massimi al giorno" required min={0} />
              <NumberInput
                {...bind('hours_before_booking_to_ignore_rules')}
                label="Ore prima del turno per ignorare le regole"
                hint="Entro queste ore dall'inizio del turno i limiti settimanali e giornalieri non si applicano"
                required
                min={0}
              />
              <NumberInput
                {...bind('hours_before_booking_to_cancel')}
                label="Ore prima del turno per annullare"
                hint="Fino a queste ore prima dell'inizio il socio può annullare la prenotazione"
                required
                min={0}
              />
              <SelectInput {...bind('week_start_day')} label="Giorno di inizio settimana" options={WEEKDAY_OPTIONS} required />
              <SelectInput {...bind('week_end_day')} label="Giorno di fine settimana" options={WEEKDAY_OPTIONS} required />
            </div>
            <UnlockTimesInput
              {...bind('unlock_times')}
              label="Orari di sblocco"
              hint="A ogni orario si sbloccano altri turni prenotabili della settimana"
              submitAttempted={submitAttempted}
              onIncompleteChange={(incomplete) => (unlockTimeIncomplete.current = incomplete)}
            />
          </>
        );
      }}
    </ModalForm>
  );
}
