import { useForm } from 'react-hook-form';
import { MAX_PARTICIPANTS, bookingForm } from 'shared-api/contract';
import { MenuInput, FormModal, formatDate, schemaResolver } from 'shared-ui';
import type { TrainingSession } from '../../../api/types';
import { hhmm, minutesBetween } from '../../../lib/club-time';
import { partnerOptions, useBookSession, usePartners } from '../api/book-session';
import { BOOKING_TOASTS } from '../booking-errors';

export interface BookingModalProps {
  session: TrainingSession;
  /** The occurrence's date, YYYY-MM-DD. */
  date: string;
  mode: 'member' | 'admin';
  onClose: () => void;
}

/** The booking modal (spec 000 §2.11): the session's facts and the partner (or participants) picker. */
export function BookingModal({ session, date, mode, onClose }: BookingModalProps) {
  const form = useForm<{ partnersId: string[] }>({ defaultValues: { partnersId: [] }, resolver: schemaResolver(bookingForm) });
  const partners = usePartners();
  const book = useBookSession();
  const admin = mode === 'admin';
  const title = admin ? `Prenota degli utenti a: ${session.title}` : session.title ? `Prenotati a: ${session.title}` : 'Prenotati alla sessione';
  const start = hhmm(session.start_time);
  const end = hhmm(session.end_time);
  const options = partnerOptions(partners.data ?? []);

  return (
    <FormModal
      form={form}
      title={title}
      onClose={onClose}
      submitLabel="Prenota"
      onSubmit={() => book.mutateAsync({ sessionId: session._id, date, partnersId: form.getValues('partnersId'), admin })}
      toasts={BOOKING_TOASTS}
    >
      {(bind) => (
        <>
          <dl className="bk-facts">
            <dt>Data</dt>
            <dd>{formatDate(date)}</dd>
            <dt>Orario</dt>
            <dd>{`${start} - ${end}`}</dd>
            <dt>Durata</dt>
            <dd>{`${minutesBetween(start, end)} minuti`}</dd>
            <dt>Tavolo</dt>
            <dd>{session.game_table ? `Tavolo ${session.game_table.number}` : 'non specificato'}</dd>
          </dl>
          {partners.isError && (
            <p role="alert" className="ui-alert ui-alert--error">
              Errore durante il caricamento dei dati per il modal.
            </p>
          )}
          <MenuInput
            {...bind('partnersId')}
            name="partners"
            label={admin ? 'Seleziona i partecipanti' : 'Scegli compagno'}
            options={options}
            maxSelections={MAX_PARTICIPANTS[mode]}
            loading={partners.isPending}
            required
          />
        </>
      )}
    </FormModal>
  );
}
