import { useForm } from 'react-hook-form';
import type { Enrollment, TrainingGroup } from 'shared-api';
import { enrollmentForm } from 'shared-api/contract';
import { DateInput, MenuInput, NumberInput, RecordFormModal, TextInput, schemaResolver } from 'shared-ui';
import { useEnrollParticipant, useUpdateEnrollment } from '../api/enrollment-mutations';
import { useGroupUserOptions } from '../api/get-user-options';
import { enrollmentToForm, groupTitle, personName, toEnrollmentInput, userOptions, type EnrollmentFormValues } from '../training-group-form';

/**
 * Add a participant to a group (trainee, monthly fee, enrollment date: all required, spec 001 §5), or edit an
 * enrollment's fee and date (the trainee stays). Refusals (group full, already enrolled) show the server's reason.
 */
export function EnrollmentFormModal({ group, enrollment, onClose }: { group: TrainingGroup; enrollment?: Enrollment; onClose: () => void }) {
  const form = useForm<EnrollmentFormValues>({
    defaultValues: enrollmentToForm(enrollment),
    resolver: schemaResolver(enrollmentForm, toEnrollmentInput),
  });
  const users = useGroupUserOptions();
  const enroll = useEnrollParticipant();
  const update = useUpdateEnrollment();

  const parsed = () => enrollmentForm.parse(toEnrollmentInput(form.getValues()));
  const enrollBody = () => {
    const { trainee, ...body } = parsed();
    return { groupId: group._id, userId: trainee, body };
  };
  const editBody = () => {
    const { trainee: _trainee, ...body } = parsed();
    return body;
  };

  return (
    <RecordFormModal
      form={form}
      record={enrollment}
      noun="partecipante"
      createLabel="Aggiungi"
      onClose={onClose}
      create={enroll}
      update={update}
      body={enrollBody}
      editBody={editBody}
    >
      {(bind) => {
        return (
          <>
            <p className="ui-muted">Gruppo: {groupTitle(group)}</p>
            {enrollment ? (
              <TextInput name="trainee" label="Partecipante" value={personName(enrollment.trainee)} onChange={() => undefined} disabled />
            ) : (
              <MenuInput {...bind('trainee')} label="Partecipante" options={userOptions(users.data)} loading={users.isPending} required />
            )}
            <NumberInput {...bind('cost')} label="Quota mensile" allowDecimals suffix="€" required />
            <DateInput {...bind('enrollment_date')} label="Data di iscrizione" required />
          </>
        );
      }}
    </RecordFormModal>
  );
}
