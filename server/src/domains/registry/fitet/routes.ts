import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, exportFormat, fitetImportReport, fitetRecord, listQuery, listResponse } from 'shared-api/contract';
import { z } from 'zod';
import { buildExport } from '../../../core/export/exporter';
import { exportResponse, sendExportFile } from '../../../core/export/reply';
import { FITET_EXPORT_COLUMNS } from './export-columns';
import { FITET_SORT_KEYS } from './repository';
import { MAX_FILE_BYTES } from '../../../core/files/policy';

const tags = ['dati FITET'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const config = { access: ['registry_access'] } as const;
const query = listQuery.extend({ sortBy: z.enum(FITET_SORT_KEYS).optional() });

/** /user/fitet (spec 001 §7 FITET): the federation records and their import from the federation's file. */
const fitetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { fitet } = app.services.registry;

  app.get(
    '',
    { config, schema: { tags, summary: 'Elenco dei dati FITET', querystring: query, response: { 200: listResponse(fitetRecord), ...errors } } },
    (request) => fitet.list(request.query),
  );

  app.get(
    '/export',
    {
      config,
      schema: {
        tags,
        summary: "Scarica l'elenco dei dati FITET (csv, xlsx, pdf)",
        querystring: query.omit({ page: true, limit: true }).extend({ format: exportFormat }),
        response: { 200: exportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const rows = await fitet.listAll(filter);
      return sendExportFile(
        reply,
        await buildExport({
          format,
          baseName: 'dati_fitet',
          title: 'Dati FITET',
          columns: FITET_EXPORT_COLUMNS,
          rows,
          timeZone: app.config.clubTimezone,
        }),
      );
    },
  );

  app.post(
    '',
    {
      config: { ...config, multipart: { maxFileBytes: MAX_FILE_BYTES, files: 1 } },
      schema: {
        tags,
        summary: 'Importa il file FITET (.xlsx o .csv, multipart, campo file): resoconto riga per riga',
        response: { 200: fitetImportReport, ...errors },
      },
    },
    (request) => fitet.import(request.uploads),
  );
};

export default fitetRoutes;
