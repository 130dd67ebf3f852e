import type { SlotEntries } from 'shared-ui';
import { PaymentsBlock } from '../features/my-payments/PendingPaymentsBlock';

/** The finance block of the shell's home page (slot 'home', docs/releases.md). */
const home: SlotEntries<'home'> = [{ id: 'pending-payments', order: 40, Component: PaymentsBlock }];
export default home;
