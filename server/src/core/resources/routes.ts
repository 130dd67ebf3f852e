import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, exportFormat, id, listQuery, listResponse } from 'shared-api/contract';
import { z } from 'zod';
import { type ExportColumn, buildExport } from '../export/exporter';
import { exportResponse, sendExportFile } from '../export/reply';
import type { ListPage, ListRequest } from '../list';
import type { Access } from '../plugins/session';

/** The reads of a back-office list: a page, every row (its download) and, where rows are opened one at a time, one by id. */
export interface ListService<T, K extends string> {
  list(request: ListRequest<K>): Promise<ListPage<T>>;
  listAll(request: Omit<ListRequest<K>, 'page' | 'limit'>): Promise<T[]>;
  get?(id: string): Promise<T>;
}

/** A list whose rows are also created, edited and deleted one at a time by the same form. */
export interface ResourceService<T, P, K extends string> extends ListService<T, K> {
  get(id: string): Promise<T>;
  create(payload: P): Promise<T>;
  update(id: string, payload: P): Promise<T>;
  remove(id: string): Promise<void>;
}

type SortKeys = readonly [string, ...string[]];

export interface ListRoutes<T extends z.ZodType, K extends SortKeys> {
  /** OpenAPI tag and the Italian names used in summaries: ['qualifica', 'qualifiche']. */
  tag: string;
  noun: readonly [string, string];
  access: Access;
  /** Who may read the list when more than the editors may (e.g. the bookings staff reading qualifications). */
  readAccess?: Access;
  item: T;
  sortKeys: K;
  /** Largest page (reference lists: 500). */
  maxLimit?: number;
  exportFile: { baseName: string; title: string; columns: ExportColumn<z.output<T>>[] };
  service: ListService<z.output<T>, K[number]>;
  /** GET /:id of one row; default: when the service reads one (false: the rows are opened another way). */
  byId?: boolean;
}

export interface ResourceRoutes<T extends z.ZodType, P extends z.ZodType, K extends SortKeys> extends ListRoutes<T, K> {
  payload: P;
  service: ResourceService<z.output<T>, z.output<P>, K[number]>;
}

export const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
export const idParams = z.object({ id });

/**
 * The reads of a back-office list under the caller's prefix: GET '' (a page), GET /export (the list's download
 * through the one export mechanism) and, when its service reads one row, GET /:id. A list whose writes are not one
 * form's create, edit and delete (several rows at once, an upload) declares them beside these.
 */
export function registerListRoutes<T extends z.ZodType, K extends SortKeys>(parent: FastifyInstance, spec: ListRoutes<T, K>): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { noun, service } = spec;
  const tags = [spec.tag];
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
    (request) => service.list(request.query),
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
      const { format, ...filter } = request.query;
      const file = await buildExport({ format, ...spec.exportFile, rows: await service.listAll(filter), timeZone: app.config.clubTimezone });
      return sendExportFile(reply, file);
    },
  );

  const get = spec.byId === false ? undefined : service.get?.bind(service);
  if (!get) return;
  // The generic item's type reaches the handler through the route's generics (the schemas validate and serialize it).
  parent.get<{ Params: z.output<typeof idParams> }>(
    '/:id',
    { config: read, schema: { tags, summary: `Dettaglio ${noun[0]}`, params: idParams, response: { 200: spec.item, ...errors } } },
    (request) => get(request.params.id),
  );
}

/** A list's three reads and its one-row writes: POST '', PATCH /:id, DELETE /:id. */
export function registerResourceRoutes<T extends z.ZodType, P extends z.ZodType, K extends SortKeys>(
  parent: FastifyInstance,
  spec: ResourceRoutes<T, P, K>,
): void {
  registerListRoutes(parent, spec);
  // The generic payload's and item's types reach the handlers through the routes' generics; the schemas validate
  // them. Fastify's body type stays a conditional type over the generic P, which TypeScript does not resolve: the
  // payload is read as the schema's output in one place.
  const app = parent;
  type Params = z.output<typeof idParams>;
  type Body = z.output<P>;
  const payloadOf = (request: { body: unknown }) => request.body as Body;
  const { noun, service, payload } = spec;
  const tags = [spec.tag];
  const edit = { access: spec.access };

  app.post(
    '',
    { config: edit, schema: { tags, summary: `Crea ${noun[0]}`, body: payload, response: { 201: spec.item, ...errors } } },
    async (request, reply) => reply.code(201).send(await service.create(payloadOf(request))),
  );

  app.patch<{ Params: Params }>(
    '/:id',
    { config: edit, schema: { tags, summary: `Modifica ${noun[0]}`, params: idParams, body: payload, response: { 200: spec.item, ...errors } } },
    (request) => service.update(request.params.id, payloadOf(request)),
  );

  app.delete<{ Params: Params }>(
    '/:id',
    { config: edit, schema: { tags, summary: `Elimina ${noun[0]}`, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
