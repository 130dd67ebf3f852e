import type { Qualification, QualificationPayload } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { EditableService } from '../../../core/resources/service';
import { assertReferencesExist } from '../reference-check';
import { QualificationRepository, type QualificationSortKey } from './repository';

export type QualificationService = EditableService<Qualification, QualificationPayload, QualificationSortKey>;

/**
 * Qualifications: a unique name, booking rules and mailing-list classes that exist; none deleted while a member holds
 * it or a training session (booking) admits only its holders.
 */
export const qualificationService = (db: Db): QualificationService =>
  new EditableService(db, new QualificationRepository(db), {
    notFound: 'QUALIFICATION_NOT_FOUND',
    inUse: { code: 'QUALIFICATION_IN_USE', message: (holders) => `Impossibile eliminare la qualifica: è assegnata a ${holders}.` },
    uniqueName: { constraint: 'qualifications_name_key', code: 'QUALIFICATION_NAME_TAKEN' },
    // PostgreSQL cut the constraint's name to 63 characters.
    referencedBy: [{ constraint: 'training_session_qualifications_qualification_id_qualifications', code: 'QUALIFICATION_REQUIRED_BY_SESSIONS' }],
    check: (payload) => assertReferencesExist(db, payload, ['reservation_rules', 'mailing_list_classes']),
  });
