import type { FastifyPluginAsync } from 'fastify';
import { CALENDAR_FEED_RATE } from 'shared-api/contract';
import { DomainError } from '../../../core/errors';
import { FEED_PATH } from './service';

/** A token as the service signs it: base64url, 43 characters. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/**
 * GET /calendar/{token}.ics (issue 27): the feed a calendar app subscribes to, outside /api and without a session —
 * the token is the credential. If-None-Match answers 304; an unknown or replaced token 404, and so does a deactivated
 * member's or a table's whose maker lost bookings_access; too many fetches from one client, or in all, 429.
 * Hidden from the API description: it is no API call of the portal's pages.
 */
const calendarFeedRoutes: FastifyPluginAsync = async (app) => {
  const { calendarFeeds } = app.services.booking;
  app.get<{ Params: { file: string } }>(`${FEED_PATH}/:file`, { schema: { hide: true } }, async (request, reply) => {
    const token = FEED_FILE.exec(request.params.file)?.[1];
    if (!token) throw new DomainError('CALENDAR_FEED_NOT_FOUND');
    try {
      const feed = await calendarFeeds.feed(token, request.headers['if-none-match'], request.ip);
      reply.header('etag', feed.etag).header('cache-control', 'private, no-cache');
      if ('notModified' in feed) return reply.code(304).send();
      const { body } = feed;
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="prenotazioni.ics"').send(body);
    } catch (err) {
      if (err instanceof DomainError && err.code === 'CALENDAR_FEED_RATE_LIMITED')
        reply.header('retry-after', String(CALENDAR_FEED_RATE.windowMinutes * 60));
      throw err;
    }
  });
};

export default calendarFeedRoutes;
