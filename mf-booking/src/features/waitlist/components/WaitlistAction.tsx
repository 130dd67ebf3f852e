import { useAuthStore, type TrainingSession } from 'shared-api';
import { isBooked } from '../../calendar/event-style';
import { useJoinWaitlist, useLeaveWaitlist, useMyWaitlist } from '../api/waitlist';

/**
 * Whether a member may wait for an occurrence: booked by others and not started (the server says 'already booked'
 * for it through bookability; without that word, the admin calendars, no waitlist).
 */
export function offersWaitlist(session: TrainingSession, me: string | undefined): boolean {
  if (!session.bookability || session.bookability.refusal !== 'SESSION_ALREADY_BOOKED' || !isBooked(session)) return false;
  return !session.participants.some((p) => p._id === me);
}

/**
 * 'Avvisami se si libera' on a booked shift (issue 27): joins its waitlist; once in it, the member's place and 'Esci
 * dalla lista'. The mail with the link to book comes when the booking is cancelled.
 */
export function WaitlistAction({ session }: { session: TrainingSession }) {
  const me = useAuthStore((s) => s.user?._id);
  const waitlist = useMyWaitlist();
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  if (!offersWaitlist(session, me)) return null;
  const target = { sessionId: session._id, date: session.specific_date };
  const entry = waitlist.data?.find((e) => e.training_session_id === session._id && e.date === session.specific_date);
  if (entry)
    return (
      <div className="bk-waitlist">
        <p>{`Sei in lista d'attesa (posizione ${entry.position}): ti avviseremo per email se si libera.`}</p>
        <button
          type="button"
          className="ui-btn ui-btn--secondary"
          disabled={leave.isPending}
          onClick={() => void leave.run(target).catch(() => undefined)}
        >
          Esci dalla lista
        </button>
      </div>
    );
  return (
    <div className="bk-waitlist">
      <button
        type="button"
        className="ui-btn ui-btn--secondary"
        disabled={join.isPending || waitlist.isPending}
        onClick={() => void join.run(target).catch(() => undefined)}
      >
        Avvisami se si libera
      </button>
    </div>
  );
}
