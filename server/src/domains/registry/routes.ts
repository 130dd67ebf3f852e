import type { FastifyPluginAsync } from 'fastify';
import categoryRoutes from './categories/routes';
import fitetRoutes from './fitet/routes';
import emailRoutes from './mailing-lists/send-routes';
import mailingListRoutes from './mailing-lists/routes';
import qualificationRoutes from './qualifications/routes';
import reservationRuleRoutes from './reservation-rules/routes';
import trainingGroupRoutes from './training-groups/routes';
import userRoutes from './users/routes';

/** /user: the registry's users, categories and reference lists (qualifications, booking rules, mailing-list classes). */
const registryRoutes: FastifyPluginAsync = async (app) => {
  await app.register(
    async (user) => {
      await user.register(categoryRoutes, { prefix: '/category' });
      await user.register(qualificationRoutes, { prefix: '/qualification' });
      await user.register(reservationRuleRoutes, { prefix: '/reservation-rule' });
      await user.register(mailingListRoutes, { prefix: '/mailing-list/classes' });
      await user.register(trainingGroupRoutes, { prefix: '/training-group' });
      await user.register(fitetRoutes, { prefix: '/fitet' });
      await user.register(userRoutes);
    },
    { prefix: '/user' },
  );
  await app.register(emailRoutes, { prefix: '/emails' });
};

export default registryRoutes;
