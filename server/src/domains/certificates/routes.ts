import type { FastifyPluginAsync } from 'fastify';
import certificateRoutes from './certificates/routes';
import { medicalCertificateRoutes, medicalRequestRoutes } from './medical/routes';
import certificateTypeRoutes from './types/routes';

/** /certificate: the certificates staff's list and actions, the types, and the member's own medical certificate; /pdf: the request forms. */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(
    async (certificate) => {
      await certificate.register(certificateTypeRoutes, { prefix: '/types' });
      await certificate.register(certificateRoutes);
      await certificate.register(medicalCertificateRoutes);
    },
    { prefix: '/certificate' },
  );
  await app.register(medicalRequestRoutes, { prefix: '/pdf' });
};

export default routes;
