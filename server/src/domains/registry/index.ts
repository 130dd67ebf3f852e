import { users } from './tables';
import type { Domain } from '../../core/domain';
import type { AccountPort } from './account-port';
import type { BookingConductPort } from './booking-conduct-port';
import type { DeactivationPort } from './deactivation-port';
import { CategoryRepository } from './categories/repository';
import { CategoryService } from './categories/service';
import { type MailingListClassService, mailingListClassService } from './mailing-lists/service';
import { type QualificationService, qualificationService } from './qualifications/service';
import { type ReservationRuleService, reservationRuleService } from './reservation-rules/service';
import { FitetRepository } from './fitet/repository';
import { MailingSender } from './mailing-lists/sending';
import { todayIn } from '../../core/time';
import { FitetService } from './fitet/service';
import { TrainingGroupRepository } from './training-groups/repository';
import { TrainingGroupService } from './training-groups/service';
import type { MedicalStatusPort } from './medical-port';
import routes from './routes';
import { seedRegistry } from './seed';
import { UserRepository } from './users/repository';
import { UserRegistry } from './users/service';
import { registryPersonalData } from './users/personal-data';
import { registryAuditNames } from './audit-names';

/** The public face of the registry for other domains: what they may import besides tables.ts. */
export { UserRepository } from './users/repository';
export { type DirectoryMember, MemberDirectory, memberColorSql, memberDirectoryVersionSql } from './users/member-directory';
export { isActiveUser, isDeactivatedUser } from './users/active';
export { EMAIL_TAKEN_MESSAGE } from './users/service';
export type { AccountPort } from './account-port';
export type { MedicalStatusPort } from './medical-port';
export type { BookingConductPort } from './booking-conduct-port';
export type { DeactivationPort } from './deactivation-port';

export interface RegistryServices {
  userRegistry: UserRegistry;
  categories: CategoryService;
  qualifications: QualificationService;
  reservationRules: ReservationRuleService;
  mailingListClasses: MailingListClassService;
  trainingGroups: TrainingGroupService;
  fitet: FitetService;
  mailingSender: MailingSender;
}

declare module '../../core/domain' {
  interface Services {
    registry: RegistryServices;
    /** Provided by the account domain (invitations, ending sessions). */
    accountPort: AccountPort;
    /** Provided by the certificates domain (the medical status in SQL). */
    medicalStatus: MedicalStatusPort;
    /** Provided by the booking domain (how a member books, in SQL); without it the users list counts 0. */
    bookingConduct?: BookingConductPort;
    /** Provided by the booking domain: what a member's deactivation ends there (their waitlist places). */
    memberDeactivation?: DeactivationPort;
  }
}

/** Users, categories and the reference lists (qualifications, booking rules, mailing-list classes). */
export const registry: Domain = {
  name: 'registry',
  migrations: 'domains/registry/migrations',
  // The version row of the member directory's cache.
  unaudited: ['member_directory_version'],
  services({ db, config, files, mailer, clock }, services) {
    const users = new UserRepository(
      db,
      config.clubTimezone,
      clock,
      () => services.bookingConduct,
      () => services.medicalStatus,
    );
    const accountPort = () => {
      if (!services.accountPort) throw new Error('Il dominio account non fornisce accountPort');
      return services.accountPort;
    };
    const medicalStatus = () => {
      if (!services.medicalStatus) throw new Error('Il dominio certificates non fornisce medicalStatus');
      return services.medicalStatus;
    };
    return {
      registry: {
        trainingGroups: new TrainingGroupService(db, new TrainingGroupRepository(db, medicalStatus)),
        fitet: new FitetService(db, new FitetRepository(db)),
        mailingSender: new MailingSender({
          db,
          publicUrl: config.publicUrl,
          today: () => todayIn(config.clubTimezone, clock.now()),
          deliverAll: (mails, audit) => mailer.queueAll(mails, audit),
        }),
        userRegistry: new UserRegistry({
          db,
          users,
          files,
          account: accountPort,
          deactivation: () => services.memberDeactivation,
          clubTimezone: config.clubTimezone,
          clock,
        }),
        categories: new CategoryService(db, new CategoryRepository(db)),
        qualifications: qualificationService(db),
        reservationRules: reservationRuleService(db),
        mailingListClasses: mailingListClassService(db),
      },
    };
  },
  routes,
  seed: seedRegistry,
  personalData: registryPersonalData,
  auditNames: registryAuditNames,
  // A member's photo and contract: the member (their owner) and the registry staff.
  fileHolders: [
    { column: users.image_file_id, readers: ['registry_access'] },
    { column: users.contract_file_id, readers: ['registry_access'] },
  ],
};
