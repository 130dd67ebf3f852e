import type { SlotEntries } from 'shared-ui';
import '../features/profile/profile-cards.css';
import { CalendarFeedCard } from '../features/profile/CalendarFeedCard';
import { ReminderCard } from '../features/profile/ReminderCard';

/** The booking cards of the shell's profile page (slot 'profile', docs/releases.md). */
const profile: SlotEntries<'profile'> = [
  { id: 'calendar-feed', order: 10, Component: CalendarFeedCard },
  { id: 'reminders', order: 20, Component: ReminderCard },
];
export default profile;
