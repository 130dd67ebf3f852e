import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ReservationRule } from 'shared-api';
import { reservationRuleForm } from 'shared-api/contract';
import {
  RecordFormModal,
  NumberInput,
  SelectInput,
  TextArea,
  TextInput,
  UNLOCK_TIME_DECODE_ERROR,
  UnlockTimesInput,
  WEEKDAY_NAMES,
  firstMessage,
  notify,
  schemaResolver,
} from 'shared-ui';
import { useCreateReservationRule } from '../api/create-reservation-rule';
import { useUpdateReservationRule } from '../api/update-reservation-rule';
import { reservationRuleToForm, type ReservationRuleFormValues } from '../reservation-rule-form';

/** 0 Sunday … 6 Saturday (spec 001 §3). */
const WEEKDAY_OPTIONS = WEEKDAY_NAMES.map((label, day) => ({ value: String(day), label }));

/**
 * Create (rule undefined) or edit a booking rule (spec 001 §5 Booking rule), validated by the contract's
 * reservationRuleForm: an unlock time left untouched is dropped, one started must be completed.
 */
export function ReservationRuleFormModal({ rule, onClose }: { rule?: ReservationRule; onClose: () => void }) {
  const [initial] = useState(() => reservationRuleToForm(rule));
  const form = useForm<ReservationRuleFormValues>({ defaultValues: initial.values, resolver: schemaResolver(reservationRuleForm) });
  useEffect(() => {
    if (initial.unreadable) notify.error(UNLOCK_TIME_DECODE_ERROR, { toastId: UNLOCK_TIME_DECODE_ERROR });
  }, [initial]);
  const createRule = useCreateReservationRule();
  const updateRule = useUpdateReservationRule();

  return (
    <RecordFormModal
      form={form}
      record={rule}
      noun="regola di prenotazione"
      create={createRule}
      update={updateRule}
      body={() => reservationRuleForm.parse(form.getValues())}
      size="lg"
      onClose={onClose}
    >
      {(bind, { submitAttempted }) => {
        return (
          <>
            <TextInput {...bind('name')} label="Nome" required />
            <TextArea {...bind('description')} label="Descrizione" />
            <div className="ui-grid ui-grid--2">
              <NumberInput {...bind('max_rounds_per_week')} label="Turni massimi a settimana" required />
              <NumberInput {...bind('max_rounds_per_day')} label="Turni massimi al giorno" required />
              <NumberInput
                {...bind('hours_before_booking_to_ignore_rules')}
                label="Ore prima del turno per ignorare le regole"
                hint="Entro queste ore dall'inizio del turno i limiti settimanali e giornalieri non si applicano"
                required
              />
              <NumberInput
                {...bind('hours_before_booking_to_cancel')}
                label="Ore prima del turno per annullare"
                hint="Fino a queste ore prima dell'inizio il socio può annullare la prenotazione"
                required
              />
              <SelectInput {...bind('week_start_day')} label="Giorno di inizio settimana" options={WEEKDAY_OPTIONS} required />
              <SelectInput {...bind('week_end_day')} label="Giorno di fine settimana" options={WEEKDAY_OPTIONS} required />
            </div>
            <UnlockTimesInput
              {...bind('unlock_times')}
              rowError={(index, field) =>
                submitAttempted ? firstMessage(form.getFieldState(`unlock_times.${index}.${field}`, form.formState).error) : null
              }
              label="Orari di sblocco"
              hint="A ogni orario si sbloccano altri turni prenotabili della settimana"
            />
            <div className="ui-grid ui-grid--2">
              <NumberInput
                {...bind('no_show_limit')}
                label="Assenze non giustificate prima della sospensione"
                hint="Prenotazioni non presentate nel periodo dopo le quali il socio non può prenotare; vuoto: nessun limite"
              />
              <NumberInput
                {...bind('late_cancellation_limit')}
                label="Annullamenti tardivi prima della sospensione"
                hint="Prenotazioni lasciate o annullate dopo il termine per annullare; vuoto: nessun limite"
              />
              <NumberInput {...bind('fair_play_period_days')} label="Periodo di conteggio (giorni)" required />
              <NumberInput {...bind('suspension_days')} label="Durata della sospensione (giorni)" required />
            </div>
          </>
        );
      }}
    </RecordFormModal>
  );
}
