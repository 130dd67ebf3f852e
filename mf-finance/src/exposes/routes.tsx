import type { DomainRoutes } from 'shared-ui';

// This app's pages land in later work; until then the shell shows its "not yet available" message for them.
const routes: DomainRoutes = {};
export default routes;
