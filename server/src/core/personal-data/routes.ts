import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, id } from 'shared-api/contract';
import { z } from 'zod';
import { attachment } from '../content-disposition';
import { DomainError } from '../errors';
import { fileResponse } from '../plugins/openapi';
import { currentUser } from '../plugins/session';

const tags = ['dati personali'];
const params = z.object({ id });
const zipResponse = fileResponse('Un archivio ZIP con dati.json e i file del socio, come allegato', ['application/zip']);
const superuser = { access: ['*'] } as const;

/**
 * /user/me/export, /user/{id}/export and /user/{id}/anonymize (issue 28): a member downloads their own data, the
 * '*' users any member's; only '*' anonymises a member who left.
 */
const personalDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { personalData } = app.services;

  const download = async (userId: string, reply: FastifyReply, byStaff = false) => {
    const dump = await personalData.collect(userId);
    if (byStaff) await personalData.recordStaffDownload(userId);
    const profile = dump.data.profilo as { surname?: string; name?: string } | undefined;
    const who = [profile?.surname, profile?.name].filter(Boolean).join('-') || 'socio';
    return reply
      .type('application/zip')
      .header('content-disposition', attachment(`dati-${who}.zip`))
      .header('cache-control', 'private, no-store')
      .send(personalData.zip(dump));
  };

  app.get(
    '/me/export',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Scarica i miei dati (ZIP con dati.json e i miei file)',
        response: { 200: zipResponse, 401: errorBody, 404: errorBody },
      },
    },
    (request, reply) => download(currentUser(request).id, reply),
  );

  app.get(
    '/:id/export',
    {
      config: superuser,
      schema: {
        tags,
        summary: 'Scarica i dati di un socio (ZIP con dati.json e i suoi file)',
        params,
        response: { 200: zipResponse, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    (request, reply) => download(request.params.id, reply, true),
  );

  app.post(
    '/:id/anonymize',
    {
      config: superuser,
      schema: {
        tags,
        summary:
          'Anonimizza un socio che ha lasciato il circolo: dati personali sostituiti, email liberata, file eliminati, sessioni chiuse, accesso impossibile; prenotazioni, addebiti, pagamenti e registrazioni contabili restano',
        params,
        response: { 204: z.null(), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      if (request.params.id === actor.id) throw new DomainError('SELF_ANONYMIZE');
      await personalData.anonymize(request.params.id, { services: app.services, actor });
      return reply.code(204).send(null);
    },
  );
};

export default personalDataRoutes;
