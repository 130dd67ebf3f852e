import { useForm } from 'react-hook-form';
import type { User } from 'shared-api';
import { fairPlayLiftPayload } from 'shared-api/contract';
import { formatDateTime, FormModal, schemaResolver, TextArea } from 'shared-ui';
import { useLiftFairPlay } from '../api/lift-fair-play';

/** Lift a member's fair-play suspension with a note (issue 42; bookings staff). */
export function LiftFairPlayModal({ user, onClose }: { user: User; onClose: () => void }) {
  const form = useForm<{ note: string }>({ defaultValues: { note: '' }, resolver: schemaResolver(fairPlayLiftPayload) });
  const lift = useLiftFairPlay();
  return (
    <FormModal
      form={form}
      title="Revoca sospensione"
      onClose={onClose}
      submitLabel="Revoca"
      onSubmit={() => lift.mutateAsync({ id: user._id, note: form.getValues('note') })}
      toasts={lift.toasts}
    >
      {(bind) => {
        return (
          <>
            <p>
              Le prenotazioni di {user.name} {user.surname} sono sospese fino al {formatDateTime(user.fair_play?.suspended_until)}. Le assenze e gli
              annullamenti tardivi fin qui non conteranno più.
            </p>
            <TextArea {...bind('note')} label="Nota" required />
          </>
        );
      }}
    </FormModal>
  );
}
