import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attendanceList, attendanceQuery, checkInLink, checkInPayload, checkInResult, staffCheckInPayload } from 'shared-api/contract';
import { z } from 'zod';
import { attachment } from '../../../core/content-disposition';
import { fileResponse } from '../../../core/plugins/openapi';
import { currentUser } from '../../../core/plugins/session';
import { errors, idParams as params } from '../../../core/resources/routes';
import { sessionTags, staff } from '../access';

const tags = ['presenze al tavolo'];

/** Under /training-session (bookings staff): a table's check-in link and sheet, a booking's check-in by staff. */
export const staffCheckInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { checkIn } = app.services.booking;

  app.post(
    '/game-tables/:id/check-in-link',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Nuovo collegamento per la registrazione delle presenze al tavolo (il precedente smette di valere)',
        params,
        response: { 200: checkInLink, ...errors },
      },
    },
    (request) => checkIn.newLink(request.params.id),
  );

  app.get(
    '/game-tables/:id/check-in-sheet',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Foglio da stampare del tavolo, con il codice QR per registrare la presenza (PDF A4)',
        params,
        response: { 200: fileResponse('Il foglio in PDF, come allegato', ['application/pdf']), ...errors },
      },
    },
    async (request, reply) => {
      const { body, fileName } = await checkIn.sheet(request.params.id);
      return reply.type('application/pdf').header('content-disposition', attachment(fileName)).header('cache-control', 'no-store').send(body);
    },
  );

  app.get(
    '/check-ins',
    {
      config: staff,
      schema: {
        tags: sessionTags,
        summary: 'Presenze di un giorno: le prenotazioni, chi è presente e i non presentati',
        querystring: attendanceQuery,
        response: { 200: attendanceList, ...errors },
      },
    },
    async (request) => ({ data: await checkIn.day(request.query.date) }),
  );

  app.post(
    '/booking/:id/check-in',
    {
      config: { ...staff, changesNoUser: true },
      schema: {
        tags: sessionTags,
        summary: 'Registra la presenza dei partecipanti di una prenotazione (tutti, o quelli indicati)',
        params,
        body: staffCheckInPayload,
        response: { 200: checkInResult, ...errors },
      },
    },
    (request) => checkIn.staffCheckIn(currentUser(request), request.params.id, request.body.userIds),
  );
};

/** POST /check-in/{token}: a signed-in member checks in at the table whose code they scanned. */
export const memberCheckInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { checkIn } = app.services.booking;
  app.post(
    '/check-in/:token',
    {
      config: { access: 'signed-in', changesNoUser: true },
      schema: {
        tags,
        summary: 'Registra la presenza al tavolo (dal codice QR del tavolo)',
        params: z.object({ token: z.string().min(1).max(200) }),
        body: checkInPayload,
        response: { 200: checkInResult, ...errors },
      },
    },
    (request) => checkIn.checkIn(currentUser(request), request.params.token, request.body.withPartners ?? false),
  );
};
