import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Permission } from 'shared-api/contract';
import { z } from 'zod';
import {
  deactivateBody,
  errorBody,
  exportFormat,
  id,
  listQuery,
  listResponse,
  user,
  userListFilters,
  userPayload,
  userReduced,
} from 'shared-api/contract';
import { currentUser } from '../../../core/plugins/session';
import { buildExport } from '../../../core/export/exporter';
import { exportResponse, sendExportFile } from '../../../core/export/reply';
import { userExportColumns } from './export-columns';
import { USER_SORT_KEYS } from './repository';
import { MAX_FILE_BYTES } from '../../../core/files/policy';

const tags = ['utenti'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

const userListQuery = listQuery.extend({ sortBy: z.enum(USER_SORT_KEYS).optional(), ...userListFilters.shape });
const userExportQuery = userListQuery.omit({ page: true, limit: true }).extend({ format: exportFormat });
const params = z.object({ id });
const registryAccess = { access: ['registry_access'] } as const;
/** The user form's two files, photo (image) and contract (contract_file), 5 MB each. */
const userForm = { ...registryAccess, multipart: { maxFileBytes: MAX_FILE_BYTES, files: 2 } };

/**
 * Who may call GET /user: the registry, and the pickers' users (onlyAvailablePartners, reducedDetails): book_session,
 * bookings_access (the admin booking modal's participants), finance_access, storage_access (the delivery form's member)
 * or certificates_access (the certificate form's user selector, spec 001 §7). Without a picker flag the service
 * admits the registry only (UserRegistry.list).
 */
const PICKER_ACCESS: Permission[] = ['registry_access', 'book_session', 'bookings_access', 'finance_access', 'storage_access', 'certificates_access'];

/** The users registry (spec 001 §7 Users). */
const registryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { userRegistry } = app.services.registry;

  app.get(
    '',
    {
      config: { access: PICKER_ACCESS },
      schema: {
        tags,
        summary: 'Elenco utenti (paginato, ricerca, ordinamento, filtri)',
        querystring: userListQuery,
        response: { 200: z.union([listResponse(user), listResponse(userReduced)]), ...errors },
      },
    },
    (request) => userRegistry.list(request.query, currentUser(request)),
  );

  app.get(
    '/export',
    {
      config: registryAccess,
      schema: {
        tags,
        summary: "Scarica l'elenco utenti (csv, xlsx, pdf)",
        querystring: userExportQuery,
        response: { 200: exportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const rows = await userRegistry.listAll(request.query);
      const file = await buildExport({
        format: request.query.format,
        baseName: 'utenti',
        title: 'Utenti',
        columns: userExportColumns(app.config.clubTimezone),
        rows,
        timeZone: app.config.clubTimezone,
      });
      return sendExportFile(reply, file);
    },
  );

  app.get('/:id', { config: registryAccess, schema: { tags, summary: 'Un utente', params, response: { 200: user, ...errors } } }, (request) =>
    userRegistry.get(request.params.id),
  );

  app.post(
    '',
    {
      config: userForm,
      schema: {
        tags,
        summary: "Crea un utente e gli invia l'invito (JSON, o multipart con i file image e contract_file)",
        body: userPayload,
        response: { 201: user, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await userRegistry.create(request.body, request.uploads, currentUser(request))),
  );

  app.patch(
    '/:id',
    {
      config: userForm,
      schema: { tags, summary: 'Modifica un utente (i file non inviati restano)', params, body: userPayload, response: { 200: user, ...errors } },
    },
    async (request) => userRegistry.update(request.params.id, request.body, request.uploads, currentUser(request)),
  );

  app.delete(
    '/:id',
    { config: registryAccess, schema: { tags, summary: 'Elimina un utente', params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await userRegistry.remove(request.params.id, currentUser(request));
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/:id/activate',
    { config: { ...registryAccess, audit: 'activate' }, schema: { tags, summary: 'Riattiva un utente', params, response: { 200: user, ...errors } } },
    async (request) => userRegistry.activate(request.params.id, currentUser(request)),
  );

  app.patch(
    '/:id/deactivate',
    {
      config: { ...registryAccess, audit: 'deactivate' },
      schema: {
        tags,
        summary: 'Disattiva un utente (fino a end_date compresa, o finché non viene riattivato); le sue sessioni terminano',
        params,
        body: z.preprocess((v) => v ?? {}, deactivateBody),
        response: { 200: user, ...errors },
      },
    },
    async (request) => userRegistry.deactivate(request.params.id, request.body.end_date ?? null, currentUser(request)),
  );
};

export default registryRoutes;
