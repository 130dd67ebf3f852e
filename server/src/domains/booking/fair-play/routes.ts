import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fairPlayLiftPayload, fairPlayRecord } from 'shared-api/contract';
import { currentUser } from '../../../core/plugins/session';
import { errors, idParams as params } from '../../../core/resources/routes';
import { staff } from '../access';

const tags = ['correttezza nelle prenotazioni'];

/** GET /user/me/fair-play (issue 42): a member reads only their own record. */
export const myFairPlayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { fairPlay } = app.services.booking;
  app.get(
    '/fair-play',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Le mie assenze non giustificate, i miei annullamenti tardivi e la sospensione delle prenotazioni',
        response: { 200: fairPlayRecord, ...errors },
      },
    },
    (request) => fairPlay.mine(currentUser(request)),
  );
};

/**
 * POST /user/{id}/fair-play/lift (issue 42): the bookings staff (who manage bookings and decide on a suspended
 * member's staff bookings) lift a member's suspension with a note.
 */
export const fairPlayLiftRoutes: FastifyPluginAsyncZod = async (app) => {
  const { fairPlay } = app.services.booking;
  app.post(
    '/:id/fair-play/lift',
    {
      config: { ...staff, changesNoUser: true },
      schema: {
        tags,
        summary: 'Revoca la sospensione delle prenotazioni di un utente, con una nota',
        params,
        body: fairPlayLiftPayload,
        response: { 200: fairPlayRecord, ...errors },
      },
    },
    (request) => fairPlay.lift(currentUser(request), request.params.id, request.body.note),
  );
};
