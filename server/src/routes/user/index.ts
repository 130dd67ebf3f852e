import type { FastifyPluginAsync } from 'fastify';
import { authenticate } from '../../plugins/session';
import categoryRoutes from './categories';
import meRoutes from './me';
import referenceRoutes from './references';
import registryRoutes from './registry';

/** /user: every call needs a signed-in user who accepted the terms; each route names its permission. */
const userRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', authenticate);
  await app.register(meRoutes);
  await app.register(categoryRoutes, { prefix: '/category' });
  await app.register(referenceRoutes);
  await app.register(registryRoutes);
};

export default userRoutes;
