import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookedSessionsQuery, bookedSessionsResponse } from 'shared-api/contract';
import { currentUser } from '../../../core/plugins/session';
import { errors } from '../../../core/resources/routes';
import { sessionTags as tags } from '../access';

/** GET /user/me/booked-sessions (spec 000 §2.7): a member reads only their own bookings. */
const myBookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { myBookings } = app.services.booking;
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
    async (request) => ({ data: await myBookings.bookedSessions(currentUser(request), request.query.filter) }),
  );
};

export default myBookingsRoutes;
