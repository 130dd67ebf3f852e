import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createdSessions,
  multiSessionPayload,
  sessionException,
  sessionExceptionPayload,
  sessionGroup,
  sessionGroupPayload,
} from 'shared-api/contract';
import { z } from 'zod';
import { errors, idParams as params } from '../../../core/resources/routes';
import { staff } from '../access';

/** /training-session/group: groups of sessions (spec 001 §9), edited from today on, and a single occurrence's exception. */
const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions } = app.services.booking;
  const groupTags = ['gruppi di turni'];

  app.get(
    '',
    {
      config: staff,
      schema: {
        tags: groupTags,
        summary: 'I gruppi di turni, con i turni e le eccezioni',
        response: { 200: z.object({ data: z.array(sessionGroup) }), ...errors },
      },
    },
    async () => ({
      data: await sessions.groups(),
    }),
  );

  app.post(
    '/session',
    {
      config: staff,
      schema: {
        tags: groupTags,
        summary: "Crea un gruppo di turni ('+ TM'): l'intervallo diviso in N turni",
        body: multiSessionPayload,
        response: { 201: createdSessions, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await sessions.createMulti(request.body) }),
  );

  app.get(
    '/:id',
    { config: staff, schema: { tags: groupTags, summary: 'Un gruppo di turni', params, response: { 200: sessionGroup, ...errors } } },
    (request) => sessions.group(request.params.id),
  );

  app.patch(
    '/:id',
    {
      config: staff,
      schema: {
        tags: groupTags,
        summary: 'Modifica il gruppo da oggi in poi (restano i turni passati e quelli prenotati)',
        params,
        body: sessionGroupPayload,
        response: { 200: createdSessions, ...errors },
      },
    },
    async (request) => ({ data: await sessions.updateGroup(request.params.id, request.body) }),
  );

  app.delete(
    '/:id',
    {
      config: staff,
      schema: {
        tags: groupTags,
        summary: 'Elimina i turni del gruppo da oggi in poi (restano i passati e i prenotati)',
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await sessions.removeGroup(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:id/exception',
    {
      config: staff,
      schema: {
        tags: groupTags,
        summary: 'Elimina o modifica un solo turno del gruppo (eccezione per una data)',
        params,
        body: sessionExceptionPayload,
        response: { 201: sessionException, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await sessions.addException(request.params.id, request.body)),
  );
};

export default groupRoutes;
