import { useForm } from 'react-hook-form';
import type { User } from 'shared-api';
import { deactivateForm } from 'shared-api/contract';
import { clubToday, DateInput, fieldBinder, ModalForm, schemaResolver } from 'shared-ui';
import { useDeactivateUser } from '../api/deactivate-user';

interface DeactivateFormValues {
  end_date: string | null;
}

/** Deactivate a user, optionally until an end date (spec 001 §2, §4). */
export function DeactivateUserModal({ user, onClose }: { user: User; onClose: () => void }) {
  // Deactivation starts today at the club and lasts through the end date: a past end date means nothing.
  // Not given to the picker as minDate: react-datepicker silently drops a typed date out of range, which would
  // send no end date at all (deactivated until reactivated) instead of saying what is wrong.
  const form = useForm<DeactivateFormValues>({ defaultValues: { end_date: null }, resolver: schemaResolver(deactivateForm(clubToday())) });
  const deactivate = useDeactivateUser();
  // A past end date is said as soon as it is chosen, not only on submit.
  const bind = fieldBinder(form, true);
  return (
    <ModalForm
      open
      title="Disattiva utente"
      onClose={onClose}
      submitLabel="Disattiva"
      validate={() => form.trigger()}
      dirty={form.formState.isDirty}
      onSubmit={() => deactivate.mutateAsync({ id: user._id, endDate: form.getValues('end_date') })}
      toasts={deactivate.toasts}
    >
      {() => (
        <>
          <p>
            Vuoi disattivare {user.name} {user.surname}? La data di fine è facoltativa.
          </p>
          <DateInput {...bind('end_date')} label="Data di fine disattivazione" />
        </>
      )}
    </ModalForm>
  );
}
