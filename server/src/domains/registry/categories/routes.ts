import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { category, categoryPayload } from 'shared-api/contract';
import { errors, idParams as params, registerListRoutes } from '../../../core/resources/routes';
import { currentUser } from '../../../core/plugins/session';
import { CATEGORY_EXPORT_COLUMNS } from './export-columns';
import { CATEGORY_SORT_KEYS } from './repository';

const tags = ['categorie'];
const config = { access: ['registry_access'] } as const;

/** /user/category: user categories and their permissions (registry_access); a write names who grants what. */
const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { categories } = app.services.registry;

  registerListRoutes(app, {
    tag: tags[0]!,
    noun: ['categoria', 'categorie'],
    access: config.access,
    item: category,
    sortKeys: CATEGORY_SORT_KEYS,
    maxLimit: 500,
    exportFile: { baseName: 'categorie', title: 'Categorie utenti', columns: CATEGORY_EXPORT_COLUMNS },
    service: categories,
  });

  app.post(
    '',
    { config, schema: { tags, summary: 'Crea una categoria', body: categoryPayload, response: { 201: category, ...errors } } },
    async (request, reply) => reply.code(201).send(await categories.create(request.body, currentUser(request))),
  );

  app.patch(
    '/:id',
    { config, schema: { tags, summary: 'Modifica una categoria', params, body: categoryPayload, response: { 200: category, ...errors } } },
    async (request) => categories.update(request.params.id, request.body, currentUser(request)),
  );

  app.delete(
    '/:id',
    {
      config,
      schema: { tags, summary: 'Elimina una categoria (solo se nessun utente vi appartiene)', params, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await categories.remove(request.params.id, currentUser(request));
      return reply.code(204).send(null);
    },
  );
};

export default categoryRoutes;
