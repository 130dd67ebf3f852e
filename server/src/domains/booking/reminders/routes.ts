import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberPreferences } from 'shared-api/contract';
import { currentUser } from '../../../core/plugins/session';
import { errors } from '../../../core/resources/routes';
import { REMINDERS_JOB } from './service';

const tags = ['promemoria'];

/** /user/me/preferences (issue 27): the member's own reminder setting. */
const preferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reminders } = app.services.booking;
  app.get(
    '/preferences',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Le mie preferenze (promemoria dei turni)', response: { 200: memberPreferences, ...errors } },
    },
    (request) => reminders.preferences(currentUser(request)),
  );
  app.patch(
    '/preferences',
    {
      config: { access: 'signed-in', changesNoUser: true },
      schema: {
        tags,
        summary: 'Cambia le mie preferenze (promemoria dei turni)',
        body: memberPreferences,
        response: { 200: memberPreferences, ...errors },
      },
    },
    async (request) => {
      const saved = await reminders.setPreferences(currentUser(request), request.body);
      // A longer window may have made reminders due now.
      await app.services.jobs.send(REMINDERS_JOB, {});
      return saved;
    },
  );
};

export default preferenceRoutes;
