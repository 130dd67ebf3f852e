import type {
  MailingListClass,
  MailingListClassPayload,
  Qualification,
  QualificationPayload,
  ReservationRule,
  ReservationRulePayload,
} from 'shared-api/contract';
import { users } from './tables';
import type { Domain } from '../../core/domain';
import type { AccountPort } from './account-port';
import type { BookingConductPort } from './booking-conduct-port';
import { CategoryRepository } from './categories/repository';
import { CategoryService } from './categories/service';
import { MailingListClassRepository, type MailingListClassSortKey } from './mailing-lists/repository';
import { QualificationRepository, type QualificationSortKey } from './qualifications/repository';
import { assertReferencesExist } from './reference-check';
import { EditableService } from '../../core/resources/service';
import { ReservationRuleRepository, type ReservationRuleSortKey } from './reservation-rules/repository';
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

/** The public face of the registry for other domains: what they may import besides tables.ts. */
export { UserRepository } from './users/repository';
export { type DirectoryMember, MemberDirectory, memberColorSql, memberDirectoryVersionSql } from './users/member-directory';
export { isActiveUser, isDeactivatedUser } from './users/active';
export { EMAIL_TAKEN_MESSAGE } from './users/service';
export type { AccountPort } from './account-port';
export type { MedicalStatusPort } from './medical-port';
export type { BookingConductPort } from './booking-conduct-port';

export interface RegistryServices {
  users: UserRepository;
  userRegistry: UserRegistry;
  categories: CategoryService;
  categoryRepository: CategoryRepository;
  qualifications: EditableService<Qualification, QualificationPayload, QualificationSortKey>;
  reservationRules: EditableService<ReservationRule, ReservationRulePayload, ReservationRuleSortKey>;
  mailingListClasses: EditableService<MailingListClass, MailingListClassPayload, MailingListClassSortKey>;
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
  }
}

/** Users, categories and the reference lists (qualifications, booking rules, mailing-list classes). */
export const registry: Domain = {
  name: 'registry',
  services({ db, config, files, mailer, clock }, services) {
    const users = new UserRepository(
      db,
      config.clubTimezone,
      clock,
      () => services.bookingConduct,
      () => services.medicalStatus,
    );
    const categoryRepository = new CategoryRepository(db);
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
          deliverAll: (mails) => mailer.queueAll(mails),
        }),
        users,
        userRegistry: new UserRegistry({ db, users, files, account: accountPort, clubTimezone: config.clubTimezone, clock }),
        categories: new CategoryService(db, categoryRepository),
        categoryRepository,
        qualifications: new EditableService(db, new QualificationRepository(db), {
          notFound: 'QUALIFICATION_NOT_FOUND',
          inUse: 'QUALIFICATION_IN_USE',
          inUseMessage: (holders) => `Impossibile eliminare la qualifica: è assegnata a ${holders}.`,
          uniqueName: { constraint: 'qualifications_name_key', code: 'QUALIFICATION_NAME_TAKEN' },
          // Training sessions (booking) that admit only members holding it; PostgreSQL cut the constraint's name to 63 characters.
          referencedBy: [
            { constraint: 'training_session_qualifications_qualification_id_qualifications', code: 'QUALIFICATION_REQUIRED_BY_SESSIONS' },
          ],
          check: (payload) => assertReferencesExist(db, payload, ['reservation_rules', 'mailing_list_classes']),
        }),
        reservationRules: new EditableService(db, new ReservationRuleRepository(db), {
          notFound: 'RESERVATION_RULE_NOT_FOUND',
          inUse: 'RESERVATION_RULE_IN_USE',
          inUseMessage: (holders) => `Impossibile eliminare la regola di prenotazione: è assegnata a ${holders}.`,
        }),
        mailingListClasses: new EditableService(db, new MailingListClassRepository(db), {
          notFound: 'MAILING_LIST_CLASS_NOT_FOUND',
          inUse: 'MAILING_LIST_CLASS_IN_USE',
          inUseMessage: (holders) => `Impossibile eliminare la classe di mailing list: è assegnata a ${holders}.`,
        }),
      },
    };
  },
  routes,
  seed: seedRegistry,
  // A member's photo and contract: the member (their owner) and the registry staff.
  fileHolders: [
    { column: users.image_file_id, readers: ['registry_access'] },
    { column: users.contract_file_id, readers: ['registry_access'] },
  ],
};
