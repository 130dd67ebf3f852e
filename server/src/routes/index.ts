import type { FastifyPluginAsync } from 'fastify';
import multipartForms from '../plugins/multipart';
import session from '../plugins/session';
import authRoutes from './auth';
import fileRoutes from './files';
import pdfRoutes from './pdf';
import userRoutes from './user';

/** Everything under /api/v1. */
const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipartForms);
  await app.register(session);

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(pdfRoutes, { prefix: '/pdf' });
  await app.register(userRoutes, { prefix: '/user' });
  await app.register(fileRoutes, { prefix: '/files' });

  app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: `Risorsa non trovata: ${request.method} ${request.url.split('?')[0]}` }));
};

export default apiRoutes;
