import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availabilityQuery,
  availabilityResponse,
  bookPayload,
  booking,
  bookedSessionsQuery,
  bookedSessionsResponse,
  cancelOccurrencePayload,
  cancelResponse,
  createdSessions,
  deleteSessionQuery,
  errorBody,
  gameTable,
  gameTablePayload,
  id,
  multiSessionPayload,
  occurrenceQuery,
  participantsResponse,
  sessionException,
  sessionExceptionPayload,
  sessionGroup,
  sessionGroupPayload,
  trainingSession,
  trainingSessionExportQuery,
  trainingSessionList,
  trainingSessionPayload,
  trainingSessionQuery,
} from 'shared-api/contract';
import { z } from 'zod';
import { buildExport } from '../../core/export/exporter';
import { exportResponse, sendExportFile } from '../../core/export/reply';
import { currentUser } from '../../core/plugins/session';
import { registerResourceRoutes } from '../../core/resources/routes';
import { addDays } from './dates';
import { GAME_TABLE_EXPORT_COLUMNS } from './game-tables/export-columns';
import { GAME_TABLE_SORT_KEYS } from './game-tables/repository';
import statisticsRoutes from './statistics/routes';
import { TRAINING_SESSION_EXPORT_COLUMNS, trainingSessionsExportHeading } from './training-sessions/export-columns';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
/** Members read sessions and tables and book; the bookings staff also change them and book others. */
const readers = { access: ['book_session', 'bookings_access'] } as const;
const staff = { access: ['bookings_access'] } as const;
/** Booking and cancelling change no user, category or session: the session cache outlives them (core/session-cache.ts). */
const bookingWrite = { ...readers, changesNoUser: true } as const;
const params = z.object({ id });
const tags = ['turni di allenamento'];

const gameTableRoutes: FastifyPluginAsyncZod = async (app) => {
  const { gameTables, sessions } = app.services.booking;
  registerResourceRoutes(app, {
    tag: 'tavoli',
    noun: ['tavolo', 'tavoli'],
    access: staff.access,
    readAccess: readers.access,
    item: gameTable,
    payload: gameTablePayload,
    sortKeys: GAME_TABLE_SORT_KEYS,
    maxLimit: 500,
    exportFile: { baseName: 'tavoli', title: 'Tavoli', columns: GAME_TABLE_EXPORT_COLUMNS },
    service: gameTables,
  });

  app.get(
    '/:id/availability',
    {
      config: readers,
      schema: {
        tags: ['tavoli'],
        summary: 'I turni di un tavolo in un giorno (o in un intervallo), liberi o prenotati',
        params,
        querystring: availabilityQuery,
        response: { 200: availabilityResponse, ...errors },
      },
    },
    async (request) => {
      await gameTables.get(request.params.id);
      const from = request.query.date ?? request.query.startDate ?? '';
      const to = request.query.date ?? request.query.endDate ?? from;
      const { data } = await sessions.list({
        startDate: from,
        endDate: to > addDays(from, 400) ? addDays(from, 400) : to,
        table_id: request.params.id,
        page: 1,
        limit: 0,
      });
      return {
        data: data.map((o) => ({
          session_id: o._id,
          title: o.title,
          date: o.specific_date,
          start_time: o.start_time,
          end_time: o.end_time,
          available: !o.booking_id,
          booking_id: o.booking_id,
        })),
      };
    },
  );
};

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

const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, bookings, gameTables } = app.services.booking;

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
      const rows = sessions.exportPages(query);
      const tableId = query.table_id ?? query.table;
      const table = tableId ? await gameTables.get(tableId) : null;
      const heading = trainingSessionsExportHeading(query, table?.number ?? null);
      const file = await buildExport({ format, ...heading, columns: TRAINING_SESSION_EXPORT_COLUMNS, rows, timeZone: app.config.clubTimezone });
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

  app.patch(
    '/booking/:id',
    {
      config: bookingWrite,
      schema: {
        tags,
        summary: 'Annulla una prenotazione (i soci solo le proprie, entro il termine della regola)',
        params,
        response: { 200: cancelResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, booking_id: await bookings.cancelById(currentUser(request), request.params.id) }),
  );

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

  app.post(
    '/:id/book',
    {
      config: bookingWrite,
      schema: {
        tags,
        summary: 'Prenota un turno (socio: un compagno; admin: da 1 a 4 utenti)',
        params,
        body: bookPayload,
        response: { 201: booking, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await bookings.book(currentUser(request), request.params.id, request.body)),
  );

  app.patch(
    '/:id/book',
    {
      config: bookingWrite,
      schema: {
        tags,
        summary: 'Annulla la prenotazione del turno in una data',
        params,
        body: cancelOccurrencePayload,
        response: { 200: cancelResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      booking_id: await bookings.cancelOccurrence(currentUser(request), request.params.id, request.body.date),
    }),
  );

  app.get(
    '/:id/participants',
    {
      config: readers,
      schema: {
        tags,
        summary: 'I partecipanti di un turno in una data',
        params,
        querystring: occurrenceQuery,
        response: { 200: participantsResponse, ...errors },
      },
    },
    (request) => bookings.participants(request.params.id, request.query.date),
  );
};

const mineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bookings } = app.services.booking;
  app.get(
    '/booked-sessions',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Le mie prenotazioni (future o passate)',
        querystring: bookedSessionsQuery,
        response: { 200: bookedSessionsResponse, ...errors },
      },
    },
    async (request) => ({ data: await bookings.bookedSessions(currentUser(request), request.query.filter) }),
  );
};

/** /training-session (game tables, sessions, groups, bookings), /user/me/booked-sessions and /statistics. */
const bookingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(
    async (ts) => {
      await ts.register(gameTableRoutes, { prefix: '/game-tables' });
      await ts.register(groupRoutes, { prefix: '/group' });
      await ts.register(sessionRoutes);
    },
    { prefix: '/training-session' },
  );
  await app.register(mineRoutes, { prefix: '/user/me' });
  await app.register(statisticsRoutes);
};

export default bookingRoutes;
