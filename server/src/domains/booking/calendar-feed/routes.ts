import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarFeedResponse } from 'shared-api/contract';
import { attachment } from '../../../core/content-disposition';
import { fileResponse } from '../../../core/plugins/openapi';
import { currentUser } from '../../../core/plugins/session';
import { errors, idParams as params } from '../../../core/resources/routes';
import { sessionTags, staff } from '../access';

const response = { 200: calendarFeedResponse, ...errors };
const tags = ['calendario sul telefono'];

/** /user/me/calendar-feed: the member's own subscription address (issue 27). */
export const myCalendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { calendarFeeds } = app.services.booking;
  const mine = (request: Parameters<typeof currentUser>[0]) => ({ userId: currentUser(request).id });
  const config = { access: 'signed-in' } as const;
  app.get('/calendar-feed', { config, schema: { tags, summary: "L'indirizzo del mio calendario (null se disattivato)", response } }, (request) =>
    calendarFeeds.address(mine(request)),
  );
  app.post('/calendar-feed', { config, schema: { tags, summary: "Crea o rigenera l'indirizzo del mio calendario", response } }, (request) =>
    calendarFeeds.regenerate(mine(request)),
  );
  app.delete('/calendar-feed', { config, schema: { tags, summary: "Disattiva l'indirizzo del mio calendario", response } }, (request) =>
    calendarFeeds.turnOff(mine(request)),
  );
  // One booking of mine as an .ics file ('Aggiungi al calendario' on the home page, issue 41): my own bookings only.
  app.get(
    '/booked-sessions/:id/calendar.ics',
    {
      config,
      schema: {
        tags,
        summary: 'Una mia prenotazione come file .ics',
        params,
        response: { 200: fileResponse('Il file .ics, come allegato', ['text/calendar']), ...errors },
      },
    },
    async (request, reply) => {
      const { body, date } = await calendarFeeds.bookingFile(currentUser(request).id, request.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', attachment(`prenotazione-${date}.ics`))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};

/** /training-session/game-tables/{id}/calendar-feed: a table's bookings, for the bookings staff. */
export const gameTableCalendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { calendarFeeds, gameTables } = app.services.booking;
  const config = staff;
  const schema = (summary: string) => ({ tags: [...sessionTags, ...tags], summary, params, response });
  const table = async (id: string) => {
    await gameTables.get(id);
    return { gameTableId: id };
  };
  app.get('/:id/calendar-feed', { config, schema: schema("L'indirizzo del calendario di un tavolo") }, async (request) =>
    calendarFeeds.address(await table(request.params.id)),
  );
  app.post('/:id/calendar-feed', { config, schema: schema("Crea o rigenera l'indirizzo del calendario di un tavolo") }, async (request) =>
    calendarFeeds.regenerate(await table(request.params.id), currentUser(request).id),
  );
  app.delete('/:id/calendar-feed', { config, schema: schema("Disattiva l'indirizzo del calendario di un tavolo") }, async (request) =>
    calendarFeeds.turnOff(await table(request.params.id)),
  );
};
