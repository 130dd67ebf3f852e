import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, listQuery, listResponse, mailingListClass, qualification, reservationRule } from 'shared-api/contract';
import { MAILING_LIST_CLASS_SORT_KEYS, QUALIFICATION_SORT_KEYS, RESERVATION_RULE_SORT_KEYS } from './repository';

const tags = ['anagrafica'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** Reference lists are small: at most 500 rows a page (0 = all). */
const referenceQuery = <K extends readonly [string, ...string[]]>(sortKeys: K) =>
  listQuery.extend({ sortBy: z.enum(sortKeys).optional(), limit: z.coerce.number().int().min(0).max(500).default(10) });

/**
 * The lists the user form and the session form choose from. Qualifications are also read by the bookings staff
 * (participant qualifications of a session); the others by the registry only. Their editing comes with their pages.
 */
const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { references } = app.services.registry;

  app.get(
    '/qualification',
    {
      config: { access: ['registry_access', 'bookings_access'] },
      schema: {
        tags,
        summary: 'Elenco qualifiche',
        querystring: referenceQuery(QUALIFICATION_SORT_KEYS),
        response: { 200: listResponse(qualification), ...errors },
      },
    },
    async (request) => references.qualifications(request.query),
  );

  app.get(
    '/reservation-rule',
    {
      config: { access: ['registry_access'] },
      schema: {
        tags,
        summary: 'Elenco regole di prenotazione',
        querystring: referenceQuery(RESERVATION_RULE_SORT_KEYS),
        response: { 200: listResponse(reservationRule), ...errors },
      },
    },
    async (request) => references.reservationRules(request.query),
  );

  app.get(
    '/mailing-list/classes',
    {
      config: { access: ['registry_access'] },
      schema: {
        tags,
        summary: 'Elenco classi di mailing list',
        querystring: referenceQuery(MAILING_LIST_CLASS_SORT_KEYS),
        response: { 200: listResponse(mailingListClass), ...errors },
      },
    },
    async (request) => references.mailingListClasses(request.query),
  );
};

export default referenceRoutes;
