import { createDomainAppConfig } from '../tooling/rspack';

// Name, dev port and title come from the one list of domain apps (shared-api/src/domain-apps.json).
// Besides its pages, the app offers the shell's 'home' slot (docs/releases.md).
export default createDomainAppConfig(__dirname, { './home': './src/exposes/home.tsx' });
