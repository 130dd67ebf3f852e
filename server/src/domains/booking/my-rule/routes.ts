import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { myBookingRule } from 'shared-api/contract';
import { currentUser } from '../../../core/plugins/session';
import { errors } from '../../../core/resources/routes';
import { sessionTags as tags } from '../access';

/** GET /user/me/booking-rule (issue 27): a member reads only their own rule and when it next unlocks shifts. */
const myRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { myRule } = app.services.booking;
  app.get(
    '/booking-rule',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'La mia regola di prenotazione e il prossimo sblocco di turni',
        response: { 200: myBookingRule, ...errors },
      },
    },
    (request) => myRule.mine(currentUser(request)),
  );
};

export default myRuleRoutes;
