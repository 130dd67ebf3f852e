import type { MailingListClass, MailingListClassPayload } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { EditableService } from '../../../core/resources/service';
import { MailingListClassRepository, type MailingListClassSortKey } from './repository';

export type MailingListClassService = EditableService<MailingListClass, MailingListClassPayload, MailingListClassSortKey>;

/** Mailing-list classes: none deleted while a user, a category or a qualification holds it. */
export const mailingListClassService = (db: Db): MailingListClassService =>
  new EditableService(db, new MailingListClassRepository(db), {
    notFound: 'MAILING_LIST_CLASS_NOT_FOUND',
    inUse: {
      code: 'MAILING_LIST_CLASS_IN_USE',
      message: (holders) => `Impossibile eliminare la classe di mailing list: è assegnata a ${holders}.`,
    },
  });
