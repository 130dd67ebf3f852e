import { createDomainAppConfig } from '../tooling/rspack';

// Name, dev port and title come from the one list of domain apps (shared-api/src/domain-apps.json).
// Besides its pages, the app exposes the medical-certificate card the shell's profile renders and offers the
// shell's 'home' slot (docs/releases.md).
export default createDomainAppConfig(__dirname, { './profile-card': './src/exposes/profile-card.tsx', './home': './src/exposes/home.tsx' });
