import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, id } from 'shared-api/contract';
import { fileResponse } from '../plugins/openapi';
import { currentUser } from '../plugins/session';
import { DomainError } from '../errors';
import { sendStoredFile } from './download';

/** GET /files/{id}: the member the file belongs to, or the readers of the record holding it (Domain.fileHolders). */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, files, fileReaders } = app.services;

  app.get(
    '/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['files'],
        summary: 'Scarica un file caricato (il proprietario, o chi ha il permesso della scheda che lo contiene)',
        params: z.object({ id }),
        response: {
          200: fileResponse('Il file, come allegato, con il tipo rilevato dal contenuto'),
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const file = await files.find(request.params.id);
      if (!file || !files.store.exists(file.id)) throw new DomainError('NOT_FOUND', 'File non trovato');
      if (!(await fileReaders.mayRead(db, user, file))) throw new DomainError('FORBIDDEN');
      return sendStoredFile(reply, files, file);
    },
  );
};

export default fileRoutes;
