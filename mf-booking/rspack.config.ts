import { createDomainAppConfig } from '../tooling/rspack';

// Name, dev port and title come from the one list of domain apps (shared-api/src/domain-apps.json).
// Besides its pages, the app offers the shell's 'home' and 'profile' slots (docs/releases.md).
export default createDomainAppConfig(__dirname, { './home': './src/exposes/home.tsx', './profile': './src/exposes/profile.tsx' });
