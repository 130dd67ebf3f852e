import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id } from '../../contract';
import { authenticate, currentUser, holdsAny } from '../../plugins/session';
import { attachment } from '../../services/common/content-disposition';
import { forbidden, notFound } from '../../services/common/http-error';

/** GET /files/{id}: the member the file belongs to, or the registry staff. */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  const { files } = app.services;

  app.get(
    '/:id',
    { schema: { tags: ['files'], summary: 'Scarica un file caricato', params: z.object({ id }) } },
    async (request, reply) => {
      const user = currentUser(request);
      const file = await files.find(request.params.id);
      if (!file || !files.store.exists(file.id)) throw notFound('File non trovato');
      if (file.owner_user_id !== user.id && !holdsAny(user.permissions, ['registry_access'])) throw forbidden();
      return reply
        .type(file.mime)
        .header('content-length', file.size)
        .header('content-disposition', attachment(file.original_name))
        .header('x-content-type-options', 'nosniff')
        // An uploaded SVG or HTML-looking file must never run as a page of the portal.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, no-cache')
        .send(files.store.openRead(file.id));
    },
  );
};

export default fileRoutes;
