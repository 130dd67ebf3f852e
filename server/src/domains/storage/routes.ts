import type { FastifyPluginAsync } from 'fastify';
import categoryRoutes from './categories/routes';
import itemRoutes from './items/routes';
import loadRoutes from './loads/routes';
import unloadRoutes from './unloads/routes';

/** /storage (spec 001 §7 Storage): item categories, items, loads and unloads, each a list with its download. */
const storageRoutes: FastifyPluginAsync = async (app) => {
  await app.register(
    async (storage) => {
      await storage.register(categoryRoutes, { prefix: '/item-category' });
      await storage.register(itemRoutes, { prefix: '/item' });
      await storage.register(loadRoutes, { prefix: '/load' });
      await storage.register(unloadRoutes, { prefix: '/unload' });
    },
    { prefix: '/storage' },
  );
};

export default storageRoutes;
