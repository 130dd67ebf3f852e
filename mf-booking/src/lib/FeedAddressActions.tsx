import { useState, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { CalendarFeed } from 'shared-api';
import { ConfirmDialog, notify } from 'shared-ui';
import { webcalUrl } from './calendar-feed';

export interface FeedAddressActionsProps {
  url: string;
  change: UseMutationResult<CalendarFeed, Error, 'post' | 'delete'>;
  copy: (address: string) => Promise<void>;
  className: string;
  /** What 'Rigenera' asks first: the old address stops at once. */
  regenerateMessage: string;
  /** More links after 'Aggiungi al calendario' (the profile's Google Calendar page). */
  extra?: ReactNode;
}

/**
 * The actions on a live feed address (useCalendarFeed): 'Aggiungi al calendario' (webcal://), Copia, Rigenera
 * (confirmed first: the old address stops working at once) and Disattiva. The member's card and a table's modal.
 */
export function FeedAddressActions({ url, change, copy, className, regenerateMessage, extra }: FeedAddressActionsProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <div className={className}>
        <a className="ui-btn ui-btn--primary" href={webcalUrl(url)}>
          Aggiungi al calendario
        </a>
        {extra}
        <button type="button" className="ui-btn ui-btn--secondary" onClick={() => void copy(url)}>
          Copia
        </button>
        <button type="button" className="ui-btn ui-btn--secondary" disabled={change.isPending} onClick={() => setConfirming(true)}>
          Rigenera
        </button>
        <button type="button" className="ui-btn ui-btn--secondary" disabled={change.isPending} onClick={() => change.mutate('delete')}>
          Disattiva
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Rigenera indirizzo"
        message={regenerateMessage}
        confirmLabel="Rigenera"
        pending={change.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await change.mutateAsync('post');
          setConfirming(false);
          notify.success('Nuovo indirizzo creato: il vecchio non funziona più.');
        }}
      />
    </>
  );
}
