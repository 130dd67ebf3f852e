import { ModalSuspense } from 'shared-ui';
import { lazy } from 'react';
import type { BookingModalProps } from './BookingModal';

// The modal and its menu load when a shift is first chosen, not with the page.
const BookingModal = lazy(() => import('./BookingModal').then((m) => ({ default: m.BookingModal })));

export function LazyBookingModal(props: BookingModalProps) {
  return (
    <ModalSuspense>
      <BookingModal {...props} />
    </ModalSuspense>
  );
}
