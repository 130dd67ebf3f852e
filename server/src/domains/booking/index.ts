import { batchedCalls } from '../../core/db/batch';
import type { Domain } from '../../core/domain';
import { todayIn } from '../../core/time';
import { BOOKING_NOTICE_JOB, type BookingNotice } from './booking/notices';
import { BookingRepository, partnerLeftBookingsOf } from './booking/repository';
import { BookingService } from './booking/service';
import { CalendarFeedRepository } from './calendar-feed/repository';
import { CheckInRepository } from './check-in/repository';
import { CheckInService } from './check-in/service';
import calendarFeedRoutes from './calendar-feed/feed-routes';
import { CalendarFeedService } from './calendar-feed/service';
import { GameTableService } from './game-tables/service';
import { MyBookingsRepository } from './my-bookings/repository';
import { MyBookingsService } from './my-bookings/service';
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

/** The no-show sweep (issue 42): every minute, the bookings whose check-in window closed with nobody checked in. */
export const NO_SHOWS_JOB = 'booking.no-shows';

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
  // Version rows of the caches and the reminders the job sends.
  unaudited: ['booking_member_versions', 'session_catalog_version', 'booking_reminders'],
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
    const bookingClock = { now: () => clock.now(), today };
    const bookingRepo = new BookingRepository(config.clubTimezone, (userId, on) => medical().statusOf(userId, on));
    // A freed occurrence's waitlist is told by a job; one that cannot be queued is logged, the cancel stands.
    const freed = (bookingId: string) =>
      jobs.send(WAITLIST_NOTICE_JOB, { bookingId }).then(
        () => undefined,
        (err: unknown) => console.error("Avviso della lista d'attesa non accodato:", err),
      );
    return {
      // The registry's users list shows, per member, how many of their bookings a booked partner left.
      bookingConduct: { partnerLeftBookingsOf },
      booking: {
        gameTables: new GameTableService(db, sessions),
        sessions,
        bookings: new BookingService(
          db,
          bookingRepo,
          sessions,
          sessionRepo,
          bookingClock,
          // A notice that cannot be queued is lost, not the booking (already written): said in the log.
          (notice) => queueNotice(notice).catch((err: unknown) => console.error('Avviso della prenotazione non accodato:', err)),
          freed,
          config.publicUrl,
          mailer,
        ),
        myBookings: new MyBookingsService(db, new MyBookingsRepository(config.clubTimezone), bookingRepo, bookingClock),
        myRule: new MyRuleService(db, new MyRuleRepository(), bookingClock, config.clubTimezone),
        statistics: new StatisticsService(new StatisticsRepository(db, config.clubTimezone), () => clock.now()),
        waitlist: new WaitlistService({
          db,
          repo: new WaitlistRepository(),
          sessions,
          now: () => clock.now(),
          publicUrl: config.publicUrl,
          facts: (bookingId) => bookingRepo.noticeFacts(db, bookingId, bookingId),
          queueMails: (mails) => mailer.queueAll(mails),
        }),
        reminders: new ReminderService({
          db,
          repo: new ReminderRepository(config.clubTimezone),
          now: () => clock.now(),
          today,
          publicUrl: config.publicUrl,
          queueMails: (mails) => mailer.queueAll(mails),
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
  async onStart({ jobs }) {
    // A server that was down sends, at start, the reminders that fell due meanwhile (those not yet started).
    await jobs.send(REMINDERS_JOB, {});
  },
  routes,
  settings: bookingSettings,
  personalData: bookingPersonalData,
  rootRoutes: calendarFeedRoutes,
  seed: seedBooking,
  jobs: [
    {
      name: BOOKING_NOTICE_JOB,
      // A booking made inside its participants' reminder window is reminded now, not at the next minute's sweep.
      run: async (notice: BookingNotice, { booking }) => {
        await booking.bookings.sendNotice(notice);
        if (notice.event === 'booked') await booking.reminders.sendDue();
      },
    },
    {
      name: REMINDERS_JOB,
      // Every minute in every process's runner: pg-boss sends the schedule's job once; the claims keep sweeps that
      // overlap (a booking's, a preference's, the schedule's) from sending a reminder twice.
      schedule: '* * * * *',
      retry: { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: false },
      run: (_data, { booking }) => booking.reminders.sendDue().then(() => undefined),
    },
    {
      name: NO_SHOWS_JOB,
      // Every minute, once across processes (pg-boss's schedule); the release's one statement keeps two sweeps from
      // releasing a booking twice.
      schedule: '* * * * *',
      retry: { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: false },
      run: (_data, { booking }) => booking.checkIn.releaseNoShows().then(() => undefined),
    },
    {
      name: WAITLIST_NOTICE_JOB,
      run: ({ bookingId }: { bookingId: string }, { booking }) => booking.waitlist.notifyFreed(bookingId).then(() => undefined),
    },
  ],
};
