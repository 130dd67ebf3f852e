import { useForm, type UseFormReturn } from 'react-hook-form';
import { latestSessionDate, type EditScope, type TrainingSession } from 'shared-api';
import {
  CheckboxInput,
  ColorInput,
  DateInput,
  clubToday,
  formatDate,
  MenuInput,
  ModalForm,
  NumberInput,
  PeriodInput,
  TextInput,
  TimeInput,
  fieldBinder,
  schemaResolver,
  toMenuOptions,
  type ModalFormContext,
} from 'shared-ui';
import { tableOptions, useGameTables } from '../../game-tables/api/get-game-tables';
import {
  emptyForm,
  formFromSession,
  sessionFormSchema,
  toSessionInput,
  totalMinutes,
  withCount,
  withDuration,
  WEEKDAY_OPTIONS,
  type SessionEdit,
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
  // A copy on its original's day would stand on the same table at the same time: its day is chosen anew (issue 44).
  if (purpose.kind === 'copy') return { ...formFromSession(purpose.session, false), day: null };
  return formFromSession(purpose.session, purpose.scope === 'group');
}

/**
 * '+ TS' (one range, single or recurring), '+ TM' (a range split into sessions), copy (a new session from an
 * existing one) and edit (after the scope question for a group's occurrence). Spec 001 §5.
 */
export function SessionFormModal({ purpose, onClose }: { purpose: SessionFormPurpose; onClose: () => void }) {
  const variant: SessionVariant = purpose.kind === 'create' ? purpose.variant : 'single-range';
  const edit: SessionEdit | undefined =
    purpose.kind === 'edit'
      ? { scope: purpose.scope, occurrenceDate: purpose.grouped && purpose.scope === 'single' ? purpose.session.specific_date : null }
      : undefined;
  const schema = sessionFormSchema(variant);
  const toInput = (values: SessionFormValues) => toSessionInput(values, variant, edit);
  const form = useForm<SessionFormValues>({ defaultValues: initial(purpose), resolver: schemaResolver(schema, toInput) });
  const tables = useGameTables();
  const qualifications = useQualifications();
  const create = useCreateSession();
  const createGroup = useCreateSessionGroup();
  const update = useUpdateSession();
  const multi = variant === 'multi';

  const submit = () => {
    const { recurring: _kind, ...body } = schema.parse(toInput(form.getValues()));
    if (purpose.kind === 'edit') return update.mutateAsync({ id: purpose.session._id, body });
    return multi ? createGroup.mutateAsync(body) : create.mutateAsync(body);
  };
  const toasts = purpose.kind === 'edit' ? update.toasts : multi ? createGroup.toasts : create.toasts;
  const title = purpose.kind === 'edit' ? 'Modifica turno di allenamento' : purpose.kind === 'copy' ? 'Copia turno di allenamento' : TITLES[variant];

  const fields = (ctx: ModalFormContext) => (
    <SessionFields
      form={form}
      shown={ctx.submitAttempted}
      multi={multi}
      copyOf={purpose.kind === 'copy' ? purpose.session.specific_date : null}
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
      validate={() => form.trigger()}
      dirty={form.formState.isDirty}
      onSubmit={submit}
      toasts={toasts}
      tabs={tabs}
      onTabChange={(index) => {
        form.setValue('recurring', index === 1);
        form.clearErrors();
      }}
    >
      {tabs ? undefined : fields}
    </ModalForm>
  );
}

interface SessionFieldsProps {
  form: UseFormReturn<SessionFormValues>;
  /** After a submit attempt: the fields say what is wrong. */
  shown: boolean;
  multi: boolean;
  /** A copy: the original's day, which the copy's day may not repeat on its tables. */
  copyOf: string | null;
  tables: { id: string; name: string; description?: string }[];
  qualifications: { id: string; name: string }[];
}

function SessionFields({ form, shown, multi, copyOf, tables, qualifications }: SessionFieldsProps) {
  const bind = fieldBinder(form, shown);
  const values = form.getValues();
  const total = totalMinutes(values);
  const step = multi ? 10 : 15;
  // Number of sessions and duration follow each other (spec 001 §5): changing one sets the other.
  const follow = (next: SessionFormValues) => {
    bind('number_of_sessions').onChange(next.number_of_sessions);
    bind('duration').onChange(next.duration);
  };
  const durationError = bind('duration').error;
  return (
    <div className="bk-session-form">
      <TextInput {...bind('title')} label="Titolo" required />
      {values.recurring ? (
        <>
          <MenuInput
            {...bind('recurring_days')}
            label="Giorni della settimana"
            options={WEEKDAY_OPTIONS}
            maxSelections={7}
            required
            searchable={false}
          />
          <PeriodInput
            name="period"
            label="Periodo"
            value={{ start_date: values.start_date, end_date: values.end_date }}
            onChange={(period) => {
              bind('start_date').onChange(period.start_date);
              bind('end_date').onChange(period.end_date);
            }}
            required
            error={bind('start_date').error ?? bind('end_date').error}
            maxDate={latestSessionDate(clubToday())}
          />
        </>
      ) : (
        // The server's limits too (SESSION_DATE_PAST, SESSION_DATE_TOO_FAR): a date typed past them is named.
        <DateInput
          {...bind('day')}
          label="Giorno"
          required
          minDate={clubToday()}
          maxDate={latestSessionDate(clubToday())}
          hint={copyOf ? `Scegli il giorno della copia: l'originale è il ${formatDate(copyOf)}` : undefined}
        />
      )}
      <div className="ui-grid ui-grid--2">
        <TimeInput {...bind('start_time')} label="Orario di inizio" stepMinutes={step} required />
        <TimeInput {...bind('end_time')} label="Orario di fine" stepMinutes={step} required />
      </div>
      {multi ? (
        <div className="ui-grid ui-grid--2">
          <NumberInput
            {...bind('number_of_sessions')}
            onChange={(text) => follow(withCount(form.getValues(), text))}
            label="Numero di turni"
            required
          />
          <NumberInput
            {...bind('duration')}
            onChange={(text) => follow(withDuration(form.getValues(), text))}
            label="Durata (minuti)"
            required
            hint={total && total > 0 ? `Intervallo di ${total} minuti` : undefined}
          />
        </div>
      ) : (
        <p className="ui-muted" aria-live="polite">
          Durata: {total && total > 0 ? `${total} minuti` : '-'}
        </p>
      )}
      {durationError && !multi && (
        <p role="alert" className="ui-alert ui-alert--error">
          {durationError}
        </p>
      )}
      <ColorInput {...bind('color')} label="Colore" />
      <MenuInput {...bind('participant_qualifications')} label="Qualifiche dei partecipanti" options={qualifications} maxSelections={300} required />
      <MenuInput {...bind('game_tables')} label="Tavoli" options={tables} maxSelections={Math.max(tables.length, 1)} required />
      <CheckboxInput {...bind('is_booking_allowed')} label="Prenotazione consentita" />
      <CheckboxInput {...bind('session_not_considered_for_stats')} label="Non considerare nelle statistiche" />
    </div>
  );
}
