import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { myPaymentsQuery, myPaymentsResponse } from 'shared-api/contract';
import { currentUser } from '../../../core/plugins/session';
import { errors } from '../../../core/resources/routes';

/** GET /user/me/payments?type=incoming|made|pending (spec 000 §2.9, §7): a member reads only their own. */
const myPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/payments',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['finanza: i miei pagamenti'],
        summary: 'I pagamenti del socio: ricevuti, effettuati, in sospeso (con le coordinate bancarie del circolo)',
        querystring: myPaymentsQuery,
        response: { 200: myPaymentsResponse, ...errors },
      },
    },
    (request) => app.services.finance.myPayments.mine(currentUser(request).id, request.query.type),
  );
};

export default myPaymentsRoutes;
