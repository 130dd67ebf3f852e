import type { SlotEntries } from 'shared-ui';
import { CertificateBlock, CertificatesAwaitingBlock } from '../features/home/HomeBlocks';

/** The certificate blocks of the shell's home page (slot 'home', docs/releases.md). */
const home: SlotEntries<'home'> = [
  { id: 'medical-certificate', order: 30, Component: CertificateBlock },
  { id: 'certificates-awaiting', order: 70, permissions: ['certificates_access'], Component: CertificatesAwaitingBlock },
];
export default home;
