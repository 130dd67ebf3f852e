import { createDomainAppConfig } from '../tooling/rspack';

// Name, dev port and title come from the one list of domain apps (shared-api/src/domain-apps.json).
export default createDomainAppConfig(__dirname);
