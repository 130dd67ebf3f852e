import { useState } from 'react';
import { API_ERRORS, type User } from 'shared-api';
import { clubToday, DateInput, ModalForm } from 'shared-ui';
import { useDeactivateUser } from '../api/deactivate-user';

/** Deactivate a user, optionally until an end date (spec 001 §2, §4). */
export function DeactivateUserModal({ user, onClose }: { user: User; onClose: () => void }) {
  const [endDate, setEndDate] = useState<string | null>(null);
  const deactivate = useDeactivateUser();
  // Deactivation starts today at the club and lasts through the end date: a past end date means nothing.
  // Not given to the picker as minDate: react-datepicker silently drops a typed date out of range, which would
  // send no end date at all (deactivated until reactivated) instead of saying what is wrong.
  const today = clubToday();
  const endInPast = endDate !== null && endDate < today;
  return (
    <ModalForm
      open
      title="Disattiva utente"
      onClose={onClose}
      submitLabel="Disattiva"
      isValid={!endInPast}
      onSubmit={() => deactivate.mutateAsync({ id: user._id, endDate })}
      toasts={deactivate.toasts}
    >
      {({ submitAttempted }) => (
        <>
          <p>
            Vuoi disattivare {user.name} {user.surname}? La data di fine è facoltativa.
          </p>
          <DateInput
            name="end_date"
            label="Data di fine disattivazione"
            value={endDate}
            onChange={setEndDate}
            error={endInPast ? API_ERRORS.DEACTIVATION_END_IN_PAST.text : null}
            submitAttempted={submitAttempted}
          />
        </>
      )}
    </ModalForm>
  );
}
