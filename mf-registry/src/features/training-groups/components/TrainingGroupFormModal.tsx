import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { TrainingGroup } from 'shared-api';
import { trainingGroupPayload } from 'shared-api/contract';
import { MenuInput, RecordFormModal, NumberInput, TextArea, TimeInput, schemaResolver } from 'shared-ui';
import { useGroupUserOptions } from '../api/get-user-options';
import { useCreateTrainingGroup, useUpdateTrainingGroup } from '../api/group-mutations';
import {
  MAX_WEEK_DAYS,
  WEEKDAY_OPTIONS,
  groupToForm,
  personName,
  toGroupInput,
  userOptions,
  type TrainingGroupFormValues,
} from '../training-group-form';

/**
 * Create (group undefined) or edit a training group (spec 001 §5 Training group): trainer, week days (up to 7),
 * start and end time, max_trainees required; description optional. Checked by the contract's trainingGroupPayload.
 */
export function TrainingGroupFormModal({ group, onClose }: { group?: TrainingGroup; onClose: () => void }) {
  const form = useForm<TrainingGroupFormValues>({
    defaultValues: groupToForm(group),
    resolver: schemaResolver(trainingGroupPayload, toGroupInput),
  });
  const users = useGroupUserOptions();
  // A trainer no longer active is not among the picker's users: kept as an option, so editing keeps them.
  const trainers = useMemo(() => {
    const options = userOptions(users.data);
    if (group && !options.some((o) => o.id === group.trainer._id)) options.unshift({ id: group.trainer._id, name: personName(group.trainer) });
    return options;
  }, [users.data, group]);
  const createGroup = useCreateTrainingGroup();
  const updateGroup = useUpdateTrainingGroup();

  return (
    <RecordFormModal
      form={form}
      record={group}
      noun="gruppo di allenamento"
      create={createGroup}
      update={updateGroup}
      body={() => trainingGroupPayload.parse(toGroupInput(form.getValues()))}
      onClose={onClose}
    >
      {(bind) => {
        return (
          <>
            <TextArea {...bind('description')} label="Descrizione" rows={2} />
            <MenuInput {...bind('trainer')} label="Allenatore" options={trainers} loading={users.isPending} required />
            <MenuInput
              {...bind('week_days')}
              label="Giorni della settimana"
              options={WEEKDAY_OPTIONS}
              maxSelections={MAX_WEEK_DAYS}
              searchable={false}
              required
            />
            <div className="ui-grid ui-grid--2">
              <TimeInput {...bind('start_time')} label="Ora di inizio" required />
              <TimeInput {...bind('end_time')} label="Ora di fine" required />
            </div>
            <NumberInput {...bind('max_trainees')} label="Numero massimo di partecipanti" required />
          </>
        );
      }}
    </RecordFormModal>
  );
}
