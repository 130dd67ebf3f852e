import { batchedCalls } from '../../core/db/batch';
import type { DbOrTx } from '../../core/db/client';
import type { Domain } from '../../core/domain';
import { todayIn } from '../../core/time';
import { BOOKING_NOTICE_JOB, type BookingNotice } from './booking/notices';
import { BookingRepository, partnerLeftBookingsOf } from './booking/repository';
import { BookingService } from './booking/service';
import { CalendarFeedRepository } from './calendar-feed/repository';
import { CheckInRepository } from './check-in/repository';
import { CheckInService, NO_SHOWS_JOB } from './check-in/service';
import calendarFeedRoutes from './calendar-feed/feed-routes';
import { CalendarFeedService } from './calendar-feed/service';
import { GameTableService } from './game-tables/service';
import { MyBookingsRepository } from './my-bookings/repository';
import { MyBookingsService } from './my-bookings/service';
import { FairPlayRepository } from './fair-play/repository';
import { fairPlayOf } from './fair-play/sql';
import { FairPlayService } from './fair-play/service';
import { MyRuleRepository } from './my-rule/repository';
import { MyRuleService } from './my-rule/service';
import { ReminderRepository } from './reminders/repository';
import { REMINDERS_JOB, ReminderService } from './reminders/service';
import routes from './routes';
import { seedBooking } from './seed';
import { StatisticsRepository } from './statistics/repository';
import { StatisticsService } from './statistics/service';
import { TrainingSessionRepository } from './sessions/repository';
import { TrainingSessionService } from './sessions/service';
import { WaitlistRepository } from './waitlist/repository';
import { WAITLIST_NOTICE_JOB, WaitlistService } from './waitlist/service';
import { bookingPersonalData } from './personal-data';
import { bookingSettings } from './settings';
import { bookingAuditNames } from './audit-names';

export interface BookingServices {
  gameTables: GameTableService;
  sessions: TrainingSessionService;
  bookings: BookingService;
  myBookings: MyBookingsService;
  myRule: MyRuleService;
  statistics: StatisticsService;
  calendarFeeds: CalendarFeedService;
  waitlist: WaitlistService;
  reminders: ReminderService;
  checkIn: CheckInService;
  fairPlay: FairPlayService;
}

declare module '../../core/domain' {
  interface Services {
    booking: BookingServices;
  }
}

/** Game tables, training sessions and their groups, the booking engine, the member's bookings (DESIGN §4), the statistics. */
export const booking: Domain = {
  name: 'booking',
  migrations: 'domains/booking/migrations',
  // Version rows of the caches, the reminders the job sends and the feeds' per-client fetch counts.
  unaudited: ['booking_member_versions', 'session_catalog_version', 'booking_reminders', 'calendar_feed_clients'],
  services({ db, config, clock, jobs, mailer }, services) {
    const today = () => todayIn(config.clubTimezone, clock.now());
    const sessionRepo = new TrainingSessionRepository(db, config.clubTimezone);
    const sessions = new TrainingSessionService(db, sessionRepo, today);
    // The medical status is the certificates domain's SQL, read through the port it provides.
    const medical = () => {
      if (!services.medicalStatus) throw new Error('Il dominio certificates non fornisce medicalStatus');
      return services.medicalStatus;
    };
    // Bookings made together queue their notices in one statement, as the engine shares its own (core/db/batch).
    const queueNotice = batchedCalls<BookingNotice, void>(
      async (notices) => {
        await jobs.sendMany(BOOKING_NOTICE_JOB, notices);
        return notices.map(() => undefined);
      },
      { maxBatch: 64, maxInFlight: 2 },
    );
    const bookingClock = { now: () => clock.now(), today, timeZone: config.clubTimezone };
    const bookingRepo = new BookingRepository(config.clubTimezone, (userId, on) => medical().statusOf(userId, on));
    // A freed occurrence's waitlist is told by a job queued in the transaction that frees it: both commit or neither.
    const freed = async (tx: DbOrTx, bookingId: string) => {
      await jobs.send(WAITLIST_NOTICE_JOB, { bookingId }, { db: tx });
    };
    return {
      // The registry's users list shows, per member, how many of their bookings a booked partner left.
      bookingConduct: { partnerLeftBookingsOf, fairPlayOf },
      // A deactivated member's waitlist places end with the deactivation (issue 39).
      memberDeactivation: { endOf: (tx, userId) => new WaitlistRepository().removeAllOf(tx, userId) },
      booking: {
        gameTables: new GameTableService(db, sessions),
        sessions,
        bookings: new BookingService(
          db,
          bookingRepo,
          sessions,
          sessionRepo,
          bookingClock,
          // The booking owes its notice in the database (bookings.notice_pending): one whose job cannot be queued now is
          // sent by the minute's sweep.
          (notice) => queueNotice(notice).catch((err: unknown) => console.error('Avviso della prenotazione rimandato al prossimo giro:', err)),
          freed,
          config.publicUrl,
          mailer,
        ),
        myBookings: new MyBookingsService(db, new MyBookingsRepository(config.clubTimezone), bookingRepo, bookingClock),
        myRule: new MyRuleService(db, new MyRuleRepository(), bookingClock, config.clubTimezone),
        fairPlay: new FairPlayService(db, new FairPlayRepository(), bookingClock),
        statistics: new StatisticsService(new StatisticsRepository(db, config.clubTimezone), () => clock.now()),
        waitlist: new WaitlistService({
          db,
          repo: new WaitlistRepository(),
          sessions,
          now: () => clock.now(),
          publicUrl: config.publicUrl,
          facts: (tx, bookingId) => bookingRepo.noticeFacts(tx, bookingId, bookingId),
          queueMails: (tx, mails) => mailer.queueIn(tx, mails),
        }),
        reminders: new ReminderService({
          db,
          repo: new ReminderRepository(config.clubTimezone),
          now: () => clock.now(),
          today,
          publicUrl: config.publicUrl,
          queueMails: (tx, mails) => mailer.queueIn(tx, mails),
        }),
        checkIn: new CheckInService(
          db,
          new CheckInRepository(config.clubTimezone),
          {
            publicUrl: config.publicUrl,
            clubName: config.clubName,
            opensMin: config.checkInOpensMin,
            closesMin: config.checkInClosesMin,
            now: () => clock.now(),
          },
          freed,
        ),
        calendarFeeds: new CalendarFeedService(db, new CalendarFeedRepository(), {
          publicUrl: config.publicUrl,
          timeZone: config.clubTimezone,
          clubName: config.clubName,
          now: () => clock.now(),
        }),
      },
    };
  },
  routes,
  settings: bookingSettings,
  personalData: bookingPersonalData,
  auditNames: bookingAuditNames,
  rootRoutes: calendarFeedRoutes,
  seed: seedBooking,
  jobs: [
    {
      name: BOOKING_NOTICE_JOB,
      // A booking made inside its participants' reminder window is reminded now, not at the next minute's sweep: by a
      // sweep of its own, queued with the notice. Run here, in the notice's transaction, the sweep waited for the
      // sweeps' lock while holding the notice's rows, which another sweep's claim waited for: a deadlock (40P01).
      run: async (notice: BookingNotice, { booking, jobs }) => {
        await booking.bookings.sendNotice(notice);
        if (notice.event === 'booked') await jobs.send(REMINDERS_JOB, {});
      },
    },
    {
      name: REMINDERS_JOB,
      // Every minute, one run a minute across processes (the runner's recurring slot); the claims keep sweeps that
      // overlap (a booking's, a preference's, the minute's) from sending a reminder twice. The sweep also sends the
      // bookings' owed notices whose own job never ran (a crash right after the booking). The runner offers the
      // current minute's run at start, so a server that was down sends at once the reminders that fell due meanwhile.
      recurring: { everyMinutes: 1 },
      retry: { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: false },
      run: async (_data, { booking }) => {
        // The sweep first: it takes the sweeps' lock holding nothing else (reminders/repository.ts claimDue).
        await booking.reminders.sendDue();
        await booking.bookings.sendBookedNotices(null);
      },
    },
    {
      name: NO_SHOWS_JOB,
      // Every minute, once across processes (the runner's recurring slot); the release's one statement keeps two sweeps
      // from releasing a booking twice.
      recurring: { everyMinutes: 1 },
      retry: { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: false },
      run: (_data, { booking }) => booking.checkIn.releaseNoShows().then(() => undefined),
    },
    {
      name: WAITLIST_NOTICE_JOB,
      run: ({ bookingId }: { bookingId: string }, { booking }) => booking.waitlist.notifyFreed(bookingId).then(() => undefined),
    },
  ],
};
