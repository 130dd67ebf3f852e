import { lazy, useState } from 'react';
import type { EditScope, TrainingSession } from 'shared-api';
import { ConfirmDialog, Modal, formatDate, ModalSuspense } from 'shared-ui';
import { hhmm } from '../../../lib/club-time';
import { isBooked } from '../event-style';
import { groupIdOf, useDeleteBooking, useDeleteGroup, useDeleteOccurrence } from './session-api';

const SessionFormModal = lazy(() => import('./SessionFormModal').then((m) => ({ default: m.SessionFormModal })));
const SessionAttendanceModal = lazy(() =>
  import('../../check-in/components/SessionAttendanceModal').then((m) => ({ default: m.SessionAttendanceModal })),
);

type Step =
  | { kind: 'menu' }
  | { kind: 'scope'; then: 'edit' | 'delete' }
  | { kind: 'edit'; scope: EditScope }
  | { kind: 'copy' }
  | { kind: 'delete'; scope: EditScope }
  | { kind: 'delete-booking' }
  | { kind: 'attendance' };

/**
 * An administrator's actions on one occurrence (spec 000 §2.12): edit, copy and delete the session (a group's
 * occurrence first asks the scope), delete its booking; a booked one's 'Presenze' (issue 42: who checked in, and
 * marking them present).
 */
export function AdminSessionActions({ session, onClose }: { session: TrainingSession; onClose: () => void }) {
  const groupId = groupIdOf(session);
  const [step, setStep] = useState<Step>({ kind: 'menu' });
  const deleteOccurrence = useDeleteOccurrence();
  const deleteGroup = useDeleteGroup();
  const deleteBooking = useDeleteBooking();
  const when = `${formatDate(session.specific_date)} ${hhmm(session.start_time)} - ${hhmm(session.end_time)}, Tavolo ${session.game_table.number}`;
  const ask = (then: 'edit' | 'delete') =>
    setStep(groupId ? { kind: 'scope', then } : then === 'edit' ? { kind: 'edit', scope: 'single' } : { kind: 'delete', scope: 'single' });

  switch (step.kind) {
    case 'menu':
      return (
        <Modal open title={session.title} onClose={onClose}>
          <p>{when}</p>
          <div className="ui-stack">
            <button type="button" className="ui-btn ui-btn--secondary" onClick={() => ask('edit')}>
              Modifica
            </button>
            <button type="button" className="ui-btn ui-btn--secondary" onClick={() => setStep({ kind: 'copy' })}>
              Copia
            </button>
            <button type="button" className="ui-btn ui-btn--danger" onClick={() => ask('delete')}>
              Elimina
            </button>
            {isBooked(session) && session.booking_id && (
              <button type="button" className="ui-btn ui-btn--secondary" onClick={() => setStep({ kind: 'attendance' })}>
                Presenze
              </button>
            )}
            {isBooked(session) && session.booking_id && (
              <button type="button" className="ui-btn ui-btn--danger" onClick={() => setStep({ kind: 'delete-booking' })}>
                Cancella prenotazione
              </button>
            )}
          </div>
        </Modal>
      );
    case 'scope':
      return (
        <Modal open title={step.then === 'edit' ? 'Modifica turno ricorrente' : 'Elimina turno ricorrente'} onClose={onClose} size="sm">
          <p>Questo turno fa parte di un gruppo. A quali turni si applica?</p>
          <div className="ui-stack">
            <button type="button" className="ui-btn ui-btn--secondary" onClick={() => setStep({ kind: step.then, scope: 'single' })}>
              Solo questo turno
            </button>
            <button type="button" className="ui-btn ui-btn--secondary" onClick={() => setStep({ kind: step.then, scope: 'group' })}>
              Tutti i turni del gruppo
            </button>
          </div>
        </Modal>
      );
    case 'edit':
      return (
        <ModalSuspense>
          <SessionFormModal purpose={{ kind: 'edit', session, scope: step.scope, grouped: Boolean(groupId) }} onClose={onClose} />
        </ModalSuspense>
      );
    case 'copy':
      return (
        <ModalSuspense>
          <SessionFormModal purpose={{ kind: 'copy', session }} onClose={onClose} />
        </ModalSuspense>
      );
    case 'delete': {
      const group = step.scope === 'group' && groupId;
      return (
        <ConfirmDialog
          open
          title="Confermi l’eliminazione?"
          message={
            group
              ? 'Sei sicuro di voler eliminare tutti i turni del gruppo? I turni passati e quelli già prenotati restano. L’operazione non è reversibile.'
              : 'Sei sicuro di voler eliminare questo turno? L’operazione non è reversibile.'
          }
          confirmLabel="Elimina"
          danger
          onConfirm={() => (group ? deleteGroup.run(groupId) : deleteOccurrence.run(session)).then(() => undefined)}
          onClose={onClose}
        />
      );
    }
    case 'attendance':
      return (
        <ModalSuspense>
          <SessionAttendanceModal title={session.title} when={when} date={session.specific_date} bookingId={session.booking_id!} onClose={onClose} />
        </ModalSuspense>
      );
    case 'delete-booking':
      return (
        <ConfirmDialog
          open
          title="Confermi la cancellazione?"
          message="Sei sicuro di voler cancellare questa prenotazione? L'operazione non è reversibile."
          confirmLabel="Cancella"
          danger
          onConfirm={() => deleteBooking.run(session.booking_id!).then(() => undefined)}
          onClose={onClose}
        />
      );
  }
}
