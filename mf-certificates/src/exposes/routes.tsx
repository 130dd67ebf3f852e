import type { DomainRoutes } from 'shared-ui';
import { CertificatesPage } from '../features/certificates/components/CertificatesPage';
import { TypesPage } from '../features/types/components/TypesPage';

/** The certificates pages (spec 001 §2 Certificates); the member's card is './profile-card'. */
const routes: DomainRoutes = {
  '/certificates/management': CertificatesPage,
  '/certificates/types': TypesPage,
};
export default routes;
