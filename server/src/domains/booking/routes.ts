import type { FastifyPluginAsync } from 'fastify';
import bookingRoutes from './booking/routes';
import { gameTableCalendarFeedRoutes, myCalendarFeedRoutes } from './calendar-feed/routes';
import { memberCheckInRoutes, staffCheckInRoutes } from './check-in/routes';
import gameTableRoutes from './game-tables/routes';
import myBookingsRoutes from './my-bookings/routes';
import { fairPlayLiftRoutes, myFairPlayRoutes } from './fair-play/routes';
import myRuleRoutes from './my-rule/routes';
import groupRoutes from './sessions/group-routes';
import sessionRoutes from './sessions/routes';
import preferenceRoutes from './reminders/routes';
import statisticsRoutes from './statistics/routes';
import { myWaitlistRoutes, waitlistRoutes } from './waitlist/routes';

/** /training-session (game tables, sessions, groups, bookings, check-in), /user/me/booked-sessions, /statistics and /check-in. */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(
    async (ts) => {
      await ts.register(gameTableRoutes, { prefix: '/game-tables' });
      await ts.register(gameTableCalendarFeedRoutes, { prefix: '/game-tables' });
      await ts.register(groupRoutes, { prefix: '/group' });
      await ts.register(sessionRoutes);
      await ts.register(bookingRoutes);
      await ts.register(waitlistRoutes);
      await ts.register(staffCheckInRoutes);
    },
    { prefix: '/training-session' },
  );
  await app.register(myBookingsRoutes, { prefix: '/user/me' });
  await app.register(myRuleRoutes, { prefix: '/user/me' });
  await app.register(myFairPlayRoutes, { prefix: '/user/me' });
  await app.register(fairPlayLiftRoutes, { prefix: '/user' });
  await app.register(myCalendarFeedRoutes, { prefix: '/user/me' });
  await app.register(myWaitlistRoutes, { prefix: '/user/me' });
  await app.register(preferenceRoutes, { prefix: '/user/me' });
  await app.register(statisticsRoutes);
  await app.register(memberCheckInRoutes);
};

export default routes;
