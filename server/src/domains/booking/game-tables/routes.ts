import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityQuery, availabilityResponse, gameTable, gameTablePayload } from 'shared-api/contract';
import { errors, idParams as params, registerResourceRoutes } from '../../../core/resources/routes';
import { readers, staff } from '../access';
import { GAME_TABLE_EXPORT_COLUMNS } from './export-columns';
import { GAME_TABLE_SORT_KEYS } from './repository';

/** /training-session/game-tables (spec 001 §7): the tables, and a table's shifts free or booked. */
const gameTableRoutes: FastifyPluginAsyncZod = async (app) => {
  const { gameTables } = app.services.booking;
  registerResourceRoutes(app, {
    tag: 'tavoli',
    noun: ['tavolo', 'tavoli'],
    access: staff.access,
    readAccess: readers.access,
    item: gameTable,
    payload: gameTablePayload,
    sortKeys: GAME_TABLE_SORT_KEYS,
    maxLimit: 500,
    exportFile: { baseName: 'tavoli', title: 'Tavoli', columns: GAME_TABLE_EXPORT_COLUMNS },
    service: gameTables,
  });

  app.get(
    '/:id/availability',
    {
      config: readers,
      schema: {
        tags: ['tavoli'],
        summary: 'I turni di un tavolo in un giorno (o in un intervallo), liberi o prenotati',
        params,
        querystring: availabilityQuery,
        response: { 200: availabilityResponse, ...errors },
      },
    },
    (request) => gameTables.availability(request.params.id, request.query),
  );
};

export default gameTableRoutes;
