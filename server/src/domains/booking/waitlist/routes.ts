import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { myWaitlistResponse, waitlistChangeResponse, waitlistJoinPayload, waitlistLeaveQuery } from 'shared-api/contract';
import { currentUser } from '../../../core/plugins/session';
import { errors, idParams as params } from '../../../core/resources/routes';
import { bookingWrite, sessionTags as tags } from '../access';

/** /training-session/{id}/waitlist (issue 27): join or leave the waitlist of a booked occurrence. */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { waitlist } = app.services.booking;
  app.post(
    '/:id/waitlist',
    {
      config: bookingWrite,
      schema: {
        tags,
        summary: "Entra nella lista d'attesa di un turno prenotato ('Avvisami se si libera')",
        params,
        body: waitlistJoinPayload,
        response: { 201: waitlistChangeResponse, ...errors },
      },
    },
    async (request, reply) => {
      await waitlist.join(currentUser(request), request.params.id, request.body);
      return reply.code(201).send({ status: 'success' as const });
    },
  );
  app.delete(
    '/:id/waitlist',
    {
      config: bookingWrite,
      schema: {
        tags,
        summary: "Esci dalla lista d'attesa di un turno",
        params,
        querystring: waitlistLeaveQuery,
        response: { 200: waitlistChangeResponse, ...errors },
      },
    },
    async (request) => {
      await waitlist.leave(currentUser(request), request.params.id, request.query.date);
      return { status: 'success' as const };
    },
  );
};

/** GET /user/me/waitlist: the member's own entries. */
export const myWaitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { waitlist } = app.services.booking;
  app.get(
    '/waitlist',
    { config: { access: 'signed-in' }, schema: { tags, summary: "Le mie liste d'attesa", response: { 200: myWaitlistResponse, ...errors } } },
    async (request) => ({ data: await waitlist.entriesOf(currentUser(request)) }),
  );
};
