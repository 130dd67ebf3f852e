import type { FastifyPluginAsync } from 'fastify';
import { reservationRule, reservationRulePayload } from 'shared-api/contract';
import { registerResourceRoutes } from '../../../core/resources/routes';
import { RESERVATION_RULE_EXPORT_COLUMNS } from './export-columns';
import { RESERVATION_RULE_SORT_KEYS } from './repository';

/** /user/reservation-rule (spec 001 §7 Booking rules). */
const reservationRuleRoutes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, {
    tag: 'regole di prenotazione',
    noun: ['regola di prenotazione', 'regole di prenotazione'],
    access: ['registry_access'],
    item: reservationRule,
    payload: reservationRulePayload,
    sortKeys: RESERVATION_RULE_SORT_KEYS,
    maxLimit: 500,
    exportFile: { baseName: 'regole_prenotazione', title: 'Regole di prenotazione', columns: RESERVATION_RULE_EXPORT_COLUMNS },
    service: app.services.registry.reservationRules,
  });
};

export default reservationRuleRoutes;
