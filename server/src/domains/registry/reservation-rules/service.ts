import type { ReservationRule, ReservationRulePayload } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { EditableService } from '../../../core/resources/service';
import { ReservationRuleRepository, type ReservationRuleSortKey } from './repository';

export type ReservationRuleService = EditableService<ReservationRule, ReservationRulePayload, ReservationRuleSortKey>;

/** Booking rules: none deleted while a user, a category or a qualification holds it. */
export const reservationRuleService = (db: Db): ReservationRuleService =>
  new EditableService(db, new ReservationRuleRepository(db), {
    notFound: 'RESERVATION_RULE_NOT_FOUND',
    inUse: { code: 'RESERVATION_RULE_IN_USE', message: (holders) => `Impossibile eliminare la regola di prenotazione: è assegnata a ${holders}.` },
  });
