import type { FastifyPluginAsync } from 'fastify';
import categoryRoutes from './categories/routes';
import referenceRoutes from './references/routes';
import userRoutes from './users/routes';

/** /user: the registry's users, categories and reference lists; each route declares its access. */
const registryRoutes: FastifyPluginAsync = async (app) => {
  await app.register(
    async (user) => {
      await user.register(categoryRoutes, { prefix: '/category' });
      await user.register(referenceRoutes);
      await user.register(userRoutes);
    },
    { prefix: '/user' },
  );
};

export default registryRoutes;
