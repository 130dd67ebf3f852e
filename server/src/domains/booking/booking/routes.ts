import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookPayload, booking, cancelOccurrencePayload, cancelResponse, occurrenceQuery, participantsResponse } from 'shared-api/contract';
import { currentUser } from '../../../core/plugins/session';
import { errors, idParams as params } from '../../../core/resources/routes';
import { bookingWrite, readers, sessionTags as tags } from '../access';

/** Under /training-session (spec 000 §7): booking an occurrence, cancelling or leaving a booking, its participants. */
const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bookings } = app.services.booking;

  app.patch(
    '/booking/:id',
    {
      config: { ...bookingWrite, audit: 'cancel' },
      schema: {
        tags,
        summary: 'Annulla una prenotazione (i soci solo le proprie, entro il termine della regola)',
        params,
        response: { 200: cancelResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, booking_id: await bookings.cancelById(currentUser(request), request.params.id) }),
  );

  app.post(
    '/:id/book',
    {
      // The booking engine books many requests' calls in one statement, outside any request's transaction (each
      // booking's audit entry is written by that statement): the route holds none (core/plugins/unit-of-work).
      config: { ...bookingWrite, audit: 'book', unitOfWork: 'deferred' },
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
      config: { ...bookingWrite, audit: 'cancel' },
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

export default bookingRoutes;
