import type { SlotEntries } from 'shared-ui';
import { NextBookingBlock, WaitlistBlock } from '../features/home/BookingBlocks';
import { RuleBlock } from '../features/home/RuleBlock';
import { TodaySessionsBlock } from '../features/home/TodaySessionsBlock';

/** The booking blocks of the shell's home page (slot 'home', docs/releases.md): the member's, then the staff's. */
const home: SlotEntries<'home'> = [
  { id: 'next-booking', order: 10, Component: NextBookingBlock },
  { id: 'waitlist', order: 20, Component: WaitlistBlock },
  { id: 'booking-rule', order: 50, permissions: ['book_session'], Component: RuleBlock },
  { id: 'today-sessions', order: 60, permissions: ['bookings_access'], Component: TodaySessionsBlock },
];
export default home;
