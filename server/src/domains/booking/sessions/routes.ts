import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createdSessions,
  deleteSessionQuery,
  occurrenceQuery,
  trainingSession,
  trainingSessionExportQuery,
  trainingSessionList,
  trainingSessionPayload,
  trainingSessionQuery,
} from 'shared-api/contract';
import { z } from 'zod';
import { buildExport } from '../../../core/export/exporter';
import { exportResponse, sendExportFile } from '../../../core/export/reply';
import { currentUser } from '../../../core/plugins/session';
import { errors, idParams as params } from '../../../core/resources/routes';
import { readers, sessionTags as tags, staff } from '../access';
import { TRAINING_SESSION_EXPORT_COLUMNS } from './export-columns';

/** /training-session (spec 000 §7, 001 §9): the occurrences of a range, their download, and single or recurring sessions. */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, bookings } = app.services.booking;

  app.get(
    '',
    {
      config: readers,
      schema: {
        tags,
        summary: 'I turni tra due date (available=true liberi, false prenotati), una sola lettura per intervallo',
        querystring: trainingSessionQuery,
        response: { 200: trainingSessionList, ...errors },
      },
    },
    async (request) => {
      const { data, meta } = await sessions.list(request.query);
      // The member's pages ask whether each occurrence is theirs to book (and why not), in the same answer.
      const shown = request.query.bookability ? await bookings.withBookability(currentUser(request), data) : data;
      return { status: 'success' as const, data: shown, meta };
    },
  );

  app.get(
    '/export',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Scarica i turni tra due date (al massimo 366 giorni), con prenotazione e partecipanti (csv, xlsx, pdf)',
        querystring: trainingSessionExportQuery,
        response: { 200: exportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const download = await sessions.download(query);
      const file = await buildExport({ format, ...download, columns: TRAINING_SESSION_EXPORT_COLUMNS, timeZone: app.config.clubTimezone });
      return sendExportFile(reply, file);
    },
  );

  app.post(
    '/',
    {
      prefixTrailingSlash: 'no-slash',
      config: staff,
      schema: {
        tags,
        summary: "Crea un turno singolo o ricorrente ('+ TS', copia), uno per tavolo",
        body: trainingSessionPayload,
        response: { 201: createdSessions, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await sessions.create(request.body) }),
  );
  // The spec spells it POST /training-session/: a 307 sends the same request (method and body) to the route above,
  // which checks access and input; this alias does nothing else, so it stays out of the API description.
  app.post('/', { prefixTrailingSlash: 'slash', schema: { hide: true } }, (_request, reply) => reply.code(307).redirect('/api/v1/training-session'));

  app.get(
    '/:id',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Un turno (in una data, per i turni di un gruppo)',
        params,
        querystring: occurrenceQuery,
        response: { 200: trainingSession, ...errors },
      },
    },
    (request) => sessions.get(request.params.id, request.query.date),
  );

  app.patch(
    '/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Modifica un turno (editScope single: solo questo; group: il gruppo da oggi)',
        params,
        body: trainingSessionPayload,
        response: { 200: createdSessions, ...errors },
      },
    },
    async (request) => ({ data: await sessions.update(request.params.id, request.body) }),
  );

  app.delete(
    '/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Elimina un turno singolo, o un solo turno di un gruppo (date)',
        params,
        querystring: deleteSessionQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await sessions.remove(request.params.id, request.query.date);
      return reply.code(204).send(null);
    },
  );
};

export default sessionRoutes;
