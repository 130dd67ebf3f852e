import type { DomainRoutes } from 'shared-ui';

const routes: DomainRoutes = {};
export default routes;
