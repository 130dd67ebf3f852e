import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { composePayload, composeResponse, errorBody, platformRelease, releaseRefused, releasesResponse, rollbackPayload, versionsResponse } from 'shared-api/contract';
import { currentUser } from '../../core/plugins/session';
import { ReleaseRefused } from './service';

const tags = ['piattaforma'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const platformTeam = { access: ['*'] } as const;

/** /platform: published versions, releases, compose and rollback ('*' only). */
const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platform } = app.services;

  app.get(
    '/platform/versions',
    { config: platformTeam, schema: { tags, summary: "Ogni versione pubblicata di ogni app di dominio, con il riassunto del manifest", response: { 200: versionsResponse, ...errors } } },
    () => platform.versions(),
  );

  app.get(
    '/platform/releases',
    { config: platformTeam, schema: { tags, summary: 'Storico delle release, dalla più recente; quella in linea è segnata', response: { 200: releasesResponse, ...errors } } },
    () => platform.releases(),
  );

  app.post(
    '/platform/releases',
    {
      config: platformTeam,
      schema: {
        tags,
        summary: "Controlla l'insieme di versioni e, se non è una prova (dryRun), lo mette in linea",
        description:
          "Le app non indicate restano alla versione in linea. 422 elenca ogni motivo per cui l'insieme non può andare in linea (app, dipendenza, versione richiesta e fornita) e nulla cambia.",
        body: composePayload,
        response: { 200: composeResponse, 201: composeResponse, 422: releaseRefused, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const result = await platform.compose(request.body.apps, request.body.dryRun ?? false, currentUser(request));
        return reply.code(result.dryRun ? 200 : 201).send(result);
      } catch (err) {
        if (err instanceof ReleaseRefused) return reply.code(422).send({ code: 'RELEASE_REFUSED', message: err.message, reasons: err.reasons });
        throw err;
      }
    },
  );

  app.post(
    '/platform/releases/rollback',
    {
      config: platformTeam,
      schema: {
        tags,
        summary: 'Rimette in linea la release precedente (una nuova voce dello storico che rimanda a quella)',
        body: rollbackPayload,
        response: { 201: platformRelease, 409: errorBody, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await platform.rollback(currentUser(request), request.body.note ?? null)),
  );
};

export default platformRoutes;
