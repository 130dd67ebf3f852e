import type { FastifyInstance } from 'fastify';
import { errorBody, exportFormat, id, listQuery, listResponse } from 'shared-api/contract';
import type { ListMeta } from 'shared-api/contract';
import { z } from 'zod';
import { type ExportColumn, buildExport } from '../export/exporter';
import { exportResponse, sendExportFile } from '../export/reply';
import type { ListRequest } from '../list';
import type { Access } from '../plugins/session';

/** What a list-and-edit resource of the back office offers; each route calls one method. */
export interface ResourceService<T, P> {
  list(request: ListRequest<string>): Promise<{ data: T[]; meta: ListMeta }>;
  listAll(request: Omit<ListRequest<string>, 'page' | 'limit'>): Promise<T[]>;
  get(id: string): Promise<T>;
  create(payload: P): Promise<T>;
  update(id: string, payload: P): Promise<T>;
  remove(id: string): Promise<void>;
}

export interface ResourceRoutes<T extends z.ZodTypeAny, P extends z.ZodTypeAny, K extends readonly [string, ...string[]]> {
  /** OpenAPI tag and the Italian names used in summaries: ['qualifica', 'qualifiche']. */
  tag: string;
  noun: readonly [string, string];
  access: Access;
  /** Who may read the list when more than the editors may (e.g. the bookings staff reading qualifications). */
  readAccess?: Access;
  item: T;
  payload: P;
  sortKeys: K;
  /** Largest page (reference lists: 500). */
  maxLimit?: number;
  exportFile: { baseName: string; title: string; columns: ExportColumn<z.infer<T>>[] };
  service: ResourceService<z.infer<T>, z.infer<P>>;
}

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const params = z.object({ id });

/**
 * The six routes of a back-office resource under the caller's prefix: GET '' (paged list), GET /export
 * (the list's download through the one export mechanism), GET /:id, POST '', PATCH /:id, DELETE /:id.
 */
export function registerResourceRoutes<T extends z.ZodTypeAny, P extends z.ZodTypeAny, K extends readonly [string, ...string[]]>(
  parent: FastifyInstance,
  spec: ResourceRoutes<T, P, K>,
): void {
  // Generic over the item and payload schemas, so the handlers read the validated values by cast: the schemas
  // below still validate and serialize every request.
  const app = parent;
  type Query = ListRequest<string>;
  type Params = { id: string };
  const { tag, noun, service } = spec;
  const tags = [tag];
  const query = listQuery.extend({
    sortBy: z.enum(spec.sortKeys).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(0)
      .max(spec.maxLimit ?? 5000)
      .default(10),
  });
  const exportQuery = query.omit({ page: true, limit: true }).extend({ format: exportFormat });
  const edit = { access: spec.access };
  const read = { access: spec.readAccess ?? spec.access };

  app.get(
    '',
    { config: read, schema: { tags, summary: `Elenco ${noun[1]}`, querystring: query, response: { 200: listResponse(spec.item), ...errors } } },
    (request) => service.list(request.query as Query),
  );

  app.get(
    '/export',
    {
      config: edit,
      schema: {
        tags,
        summary: `Scarica l'elenco ${noun[1]} (csv, xlsx, pdf)`,
        querystring: exportQuery,
        response: { 200: exportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query as Query & { format: z.infer<typeof exportFormat> };
      const file = await buildExport({ format, ...spec.exportFile, rows: await service.listAll(filter), timeZone: app.config.clubTimezone });
      return sendExportFile(reply, file);
    },
  );

  app.get('/:id', { config: read, schema: { tags, summary: `Dettaglio ${noun[0]}`, params, response: { 200: spec.item, ...errors } } }, (request) =>
    service.get((request.params as Params).id),
  );

  app.post(
    '',
    { config: edit, schema: { tags, summary: `Crea ${noun[0]}`, body: spec.payload, response: { 201: spec.item, ...errors } } },
    async (request, reply) => reply.code(201).send(await service.create(request.body as z.infer<P>)),
  );

  app.patch(
    '/:id',
    { config: edit, schema: { tags, summary: `Modifica ${noun[0]}`, params, body: spec.payload, response: { 200: spec.item, ...errors } } },
    (request) => service.update((request.params as Params).id, request.body as z.infer<P>),
  );

  app.delete(
    '/:id',
    { config: edit, schema: { tags, summary: `Elimina ${noun[0]}`, params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.remove((request.params as Params).id);
      return reply.code(204).send(null);
    },
  );
}
