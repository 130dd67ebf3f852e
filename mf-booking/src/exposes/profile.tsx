import type { SlotEntries } from 'shared-ui';
import '../features/profile/profile-cards.css';
import { CalendarFeedCard } from '../features/profile/CalendarFeedCard';
import { FairPlayCard } from '../features/profile/FairPlayCard';
import { ReminderCard } from '../features/profile/ReminderCard';

/** The booking cards of the shell's profile page (slot 'profile', docs/releases.md). */
const profile: SlotEntries<'profile'> = [
  { id: 'calendar-feed', order: 10, Component: CalendarFeedCard },
  { id: 'reminders', order: 20, Component: ReminderCard },
  { id: 'fair-play', order: 30, permissions: ['book_session'], Component: FairPlayCard },
];
export default profile;
