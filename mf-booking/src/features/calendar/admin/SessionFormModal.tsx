import { useState } from 'react';
import type { EditScope, TrainingSession, TrainingSessionPayloadInput } from 'shared-api';
import {
  CheckboxInput,
  ColorInput,
  DateInput,
  MenuInput,
  ModalForm,
  NumberInput,
  PeriodInput,
  TextInput,
  TimeInput,
  toMenuOptions,
  type ModalFormContext,
} from 'shared-ui';
import { tableOptions, useGameTables } from '../../game-tables/api/get-game-tables';
import {
  buildPayload,
  emptyForm,
  formFromSession,
  totalMinutes,
  withCount,
  withDuration,
  WEEKDAY_OPTIONS,
  type FieldErrors,
  type SessionFormValues,
  type SessionVariant,
} from './session-form';
import { useCreateSession, useCreateSessionGroup, useQualifications, useUpdateSession } from './session-api';

export type SessionFormPurpose =
  | { kind: 'create'; variant: SessionVariant; day: string }
  | { kind: 'copy'; session: TrainingSession }
  | { kind: 'edit'; session: TrainingSession; scope: EditScope; grouped: boolean };

const TITLES = { 'single-range': 'Nuovo turno di allenamento', multi: 'Nuovo gruppo di turni' } as const;

function initial(purpose: SessionFormPurpose): SessionFormValues {
  if (purpose.kind === 'create') return emptyForm(purpose.day);
  if (purpose.kind === 'copy') return formFromSession(purpose.session, false);
  return formFromSession(purpose.session, purpose.scope === 'group');
}

/**
 * '+ TS' (one range, single or recurring), '+ TM' (a range split into sessions), copy (a new session from an
 * existing one) and edit (after the scope question for a group's occurrence). Spec 001 §5.
 */
export function SessionFormModal({ purpose, onClose }: { purpose: SessionFormPurpose; onClose: () => void }) {
  const variant: SessionVariant = purpose.kind === 'create' ? purpose.variant : 'single-range';
  const [values, setValues] = useState<SessionFormValues>(() => initial(purpose));
  const tables = useGameTables();
  const qualifications = useQualifications();
  const create = useCreateSession();
  const createGroup = useCreateSessionGroup();
  const update = useUpdateSession();
  const set = (patch: Partial<SessionFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const edit =
    purpose.kind === 'edit'
      ? { scope: purpose.scope, occurrenceDate: purpose.grouped && purpose.scope === 'single' ? purpose.session.specific_date : null }
      : undefined;
  const built = buildPayload(values, variant, edit);
  const total = totalMinutes(values);
  const multi = variant === 'multi';

  const submit = () => {
    const body = built.body as TrainingSessionPayloadInput;
    if (purpose.kind === 'edit') return update.mutateAsync({ id: purpose.session._id, body });
    return multi ? createGroup.mutateAsync(body) : create.mutateAsync(body);
  };
  const toasts = purpose.kind === 'edit' ? update.toasts : multi ? createGroup.toasts : create.toasts;
  const title = purpose.kind === 'edit' ? 'Modifica turno di allenamento' : purpose.kind === 'copy' ? 'Copia turno di allenamento' : TITLES[variant];

  const fields = (ctx: ModalFormContext) => (
    <SessionFields
      values={values}
      set={set}
      setValues={setValues}
      errors={ctx.submitAttempted ? built.errors : {}}
      multi={multi}
      total={total}
      tables={tableOptions(tables.data)}
      qualifications={toMenuOptions(qualifications.data)}
    />
  );
  // Creating and copying choose single or recurring; an edit's scope already decided it.
  const tabs =
    purpose.kind === 'edit'
      ? undefined
      : [
          { label: 'Turno singolo', content: fields },
          { label: 'Turno ricorrente', content: fields },
        ];

  return (
    <ModalForm
      open
      size="lg"
      title={title}
      onClose={onClose}
      submitLabel={purpose.kind === 'edit' ? 'Salva' : 'Crea'}
      isValid={built.body !== null}
      onSubmit={submit}
      toasts={toasts}
      tabs={tabs}
      onTabChange={(index) => set({ recurring: index === 1 })}
    >
      {tabs ? undefined : fields}
    </ModalForm>
  );
}

interface SessionFieldsProps {
  values: SessionFormValues;
  set: (patch: Partial<SessionFormValues>) => void;
  setValues: (update: (v: SessionFormValues) => SessionFormValues) => void;
  errors: FieldErrors;
  multi: boolean;
  total: number | null;
  tables: { id: string; name: string; description?: string }[];
  qualifications: { id: string; name: string }[];
}

function SessionFields({ values, set, setValues, errors, multi, total, tables, qualifications }: SessionFieldsProps) {
  const step = multi ? 10 : 15;
  const periodError = errors.start_date ?? errors.end_date ?? null;
  return (
    <div className="bk-session-form">
      <TextInput name="title" label="Titolo" value={values.title} onChange={(title) => set({ title })} required error={errors.title} />
      {values.recurring ? (
        <>
          <MenuInput
            name="recurring_days"
            label="Giorni della settimana"
            value={values.recurring_days}
            onChange={(recurring_days) => set({ recurring_days })}
            options={WEEKDAY_OPTIONS}
            maxSelections={7}
            required
            error={errors.recurring_days}
            searchable={false}
          />
          <PeriodInput name="period" label="Periodo" value={values.period} onChange={(period) => set({ period })} required error={periodError} />
        </>
      ) : (
        <DateInput name="day" label="Giorno" value={values.day} onChange={(day) => set({ day })} required error={errors.day} />
      )}
      <div className="ui-grid ui-grid--2">
        <TimeInput
          name="start_time"
          label="Orario di inizio"
          value={values.start_time}
          onChange={(start_time) => set({ start_time })}
          stepMinutes={step}
          required
          error={errors.start_time}
        />
        <TimeInput
          name="end_time"
          label="Orario di fine"
          value={values.end_time}
          onChange={(end_time) => set({ end_time })}
          stepMinutes={step}
          required
          error={errors.end_time}
        />
      </div>
      {multi ? (
        <div className="ui-grid ui-grid--2">
          <NumberInput
            name="number_of_sessions"
            label="Numero di turni"
            value={values.number_of_sessions}
            onChange={(text) => setValues((v) => withCount(v, text))}
            min={1}
            required
            error={errors.number_of_sessions}
          />
          <NumberInput
            name="duration"
            label="Durata (minuti)"
            value={values.duration}
            onChange={(text) => setValues((v) => withDuration(v, text))}
            min={1}
            required
            error={errors.duration}
            hint={total && total > 0 ? `Intervallo di ${total} minuti` : undefined}
          />
        </div>
      ) : (
        <p className="ui-muted" aria-live="polite">
          Durata: {total && total > 0 ? `${total} minuti` : '-'}
        </p>
      )}
      {errors.duration && !multi && (
        <p role="alert" className="ui-alert ui-alert--error">
          {errors.duration}
        </p>
      )}
      <ColorInput name="color" label="Colore" value={values.color} onChange={(color) => set({ color })} />
      <MenuInput
        name="participant_qualifications"
        label="Qualifiche dei partecipanti"
        value={values.participant_qualifications}
        onChange={(participant_qualifications) => set({ participant_qualifications })}
        options={qualifications}
        maxSelections={300}
        required
        error={errors.participant_qualifications}
      />
      <MenuInput
        name="game_tables"
        label="Tavoli"
        value={values.game_tables}
        onChange={(game_tables) => set({ game_tables })}
        options={tables}
        maxSelections={Math.max(tables.length, 1)}
        required
        error={errors.game_tables}
      />
      <CheckboxInput
        name="is_booking_allowed"
        label="Prenotazione consentita"
        value={values.is_booking_allowed}
        onChange={(is_booking_allowed) => set({ is_booking_allowed })}
      />
      <CheckboxInput
        name="session_not_considered_for_stats"
        label="Non considerare nelle statistiche"
        value={values.session_not_considered_for_stats}
        onChange={(session_not_considered_for_stats) => set({ session_not_considered_for_stats })}
      />
    </div>
  );
}
