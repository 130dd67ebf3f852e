import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEntry, auditListQuery, errorBody, exportFormat, listResponse, myActivity } from 'shared-api/contract';
import { exportResponse, sendExportFile } from '../../core/export/reply';
import { currentUser } from '../../core/plugins/session';

const tags = ['registro attività'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const adminOnly = { access: ['*'] as const };

/** GET /audit and its download: '*' only. The log has no write route: it is append-only for the application. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { audit } = app.services;

  app.get(
    '',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Registro attività (più recenti prima)',
        querystring: auditListQuery,
        response: { 200: listResponse(auditEntry), ...errors },
      },
    },
    (request) => audit.list(request.query),
  );

  const exportQuery = auditListQuery.omit({ page: true, limit: true }).extend({ format: exportFormat });
  app.get(
    '/export',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Scarica il registro attività (csv e xlsx di tutto il periodo, pdf fino a 5.000 righe)',
        querystring: exportQuery,
        response: { 200: exportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const file = await audit.download(request.query, app.config.clubTimezone);
      // Recorded once the download is accepted (a PDF past its cap is refused before anything is sent).
      await audit.recordDownload(format, [filter.q, filter.entity, filter.entityId, filter.userId, filter.from, filter.to].some(Boolean));
      return sendExportFile(reply, file);
    },
  );
};

/** GET /user/me/activity: the member's own last sign-ins and profile changes ('Attività recente' of the profile). */
const myActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/activity',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['profilo'],
        summary: 'Attività recente: ultimi accessi e modifiche al profilo',
        response: { 200: myActivity, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ({ data: await app.services.audit.activityOf(currentUser(request).id) }),
  );
};

const routes: FastifyPluginAsync = async (app) => {
  await app.register(auditRoutes, { prefix: '/audit' });
  await app.register(myActivityRoutes, { prefix: '/user' });
};

export default routes;
