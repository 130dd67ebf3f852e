import { useState } from 'react';
import type { User } from 'shared-api';
import { DateInput, ModalForm } from 'shared-ui';
import { useDeactivateUser } from '../api/deactivate-user';

/** Deactivate a user, optionally until an end date (spec 001 §2, §4). */
export function DeactivateUserModal({ user, onClose }: { user: User; onClose: () => void }) {
  const [endDate, setEndDate] = useState<string | null>(null);
  const deactivate = useDeactivateUser();
  return (
    <ModalForm
      open
      title="Disattiva utente"
      onClose={onClose}
      submitLabel="Disattiva"
      isValid
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
            submitAttempted={submitAttempted}
          />
        </>
      )}
    </ModalForm>
  );
}
