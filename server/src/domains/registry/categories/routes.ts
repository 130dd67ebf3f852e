import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { category, categoryPayload, errorBody, exportFormat, id, listQuery, listResponse } from 'shared-api/contract';
import { buildExport } from '../../../core/export/exporter';
import { exportResponse, sendExportFile } from '../../../core/export/reply';
import { CATEGORY_SORT_KEYS } from './repository';
import { CATEGORY_EXPORT_COLUMNS } from './export-columns';
import { currentUser } from '../../../core/plugins/session';

const tags = ['categorie'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const categoryListQuery = listQuery.extend({
  sortBy: z.enum(CATEGORY_SORT_KEYS).optional(),
  limit: z.coerce.number().int().min(0).max(500).default(10),
});
const categoryExportQuery = categoryListQuery.omit({ page: true, limit: true }).extend({ format: exportFormat });
const params = z.object({ id });
const config = { access: ['registry_access'] } as const;

/** /user/category: user categories and their permissions (registry_access). */
const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { categories, categoryRepository } = app.services.registry;

  app.get(
    '',
    { config, schema: { tags, summary: 'Elenco categorie', querystring: categoryListQuery, response: { 200: listResponse(category), ...errors } } },
    async (request) => categoryRepository.list(request.query),
  );

  app.get(
    '/export',
    {
      config,
      schema: {
        tags,
        summary: "Scarica l'elenco categorie (csv, xlsx, pdf)",
        querystring: categoryExportQuery,
        response: { 200: exportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const file = await buildExport({
        format: request.query.format,
        baseName: 'categorie',
        title: 'Categorie utenti',
        columns: CATEGORY_EXPORT_COLUMNS,
        rows: await categoryRepository.listAll(request.query),
        timeZone: app.config.clubTimezone,
      });
      return sendExportFile(reply, file);
    },
  );

  app.get('/:id', { config, schema: { tags, summary: 'Una categoria', params, response: { 200: category, ...errors } } }, async (request) => {
    return categories.get(request.params.id);
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
