import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enrollment, enrollmentPayload, errorBody, id, trainingGroup, trainingGroupPayload } from 'shared-api/contract';
import { z } from 'zod';
import { registerResourceRoutes } from '../../../core/resources/routes';
import { TRAINING_GROUP_EXPORT_COLUMNS } from './export-columns';
import { TRAINING_GROUP_SORT_KEYS } from './repository';

const tags = ['gruppi di allenamento'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const config = { access: ['registry_access'] } as const;
const member = z.object({ groupId: id, userId: id });

/** /user/training-group (spec 001 §7 Training groups): the groups, and the trainees enrolled in each. */
const trainingGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { trainingGroups } = app.services.registry;
  registerResourceRoutes(app, {
    tag: tags[0]!,
    noun: ['gruppo di allenamento', 'gruppi di allenamento'],
    access: config.access,
    item: trainingGroup,
    payload: trainingGroupPayload,
    sortKeys: TRAINING_GROUP_SORT_KEYS,
    maxLimit: 500,
    exportFile: { baseName: 'gruppi_allenamento', title: 'Gruppi di allenamento', columns: TRAINING_GROUP_EXPORT_COLUMNS },
    service: trainingGroups,
  });

  app.get(
    '/:groupId/participants',
    {
      config,
      schema: {
        tags,
        summary: 'I partecipanti di un gruppo, con lo stato del certificato medico',
        params: z.object({ groupId: id }),
        response: { 200: z.object({ data: z.array(enrollment) }), ...errors },
      },
    },
    async (request) => ({ data: await trainingGroups.participants(request.params.groupId) }),
  );

  app.post(
    '/:groupId/user/:userId',
    {
      config,
      schema: {
        tags,
        summary: 'Iscrive un utente al gruppo (quota mensile e data di iscrizione)',
        params: member,
        body: enrollmentPayload,
        response: { 201: enrollment, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await trainingGroups.enroll(request.params.groupId, request.params.userId, request.body)),
  );

  app.patch(
    '/enrollment/:enrollmentId',
    {
      config,
      schema: {
        tags,
        summary: "Modifica un'iscrizione",
        params: z.object({ enrollmentId: id }),
        body: enrollmentPayload,
        response: { 200: enrollment, ...errors },
      },
    },
    (request) => trainingGroups.editEnrollment(request.params.enrollmentId, request.body),
  );

  app.delete(
    '/:groupId/user/:userId',
    { config, schema: { tags, summary: 'Toglie un utente dal gruppo', params: member, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await trainingGroups.unenroll(request.params.groupId, request.params.userId);
      return reply.code(204).send(null);
    },
  );
};

export default trainingGroupRoutes;
