import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fitetImportReport, fitetRecord, fitetRecordPayload } from 'shared-api/contract';
import { z } from 'zod';
import { MAX_FILE_BYTES } from '../../../core/files/policy';
import { errors, idParams, registerListRoutes } from '../../../core/resources/routes';
import { FITET_EXPORT_COLUMNS } from './export-columns';
import { FITET_SORT_KEYS } from './repository';

const tags = ['dati FITET'];
const access = ['registry_access'] as const;

/** /user/fitet (spec 001 §7 FITET): the federation records and their import from the federation's file. */
const fitetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { fitet } = app.services.registry;

  registerListRoutes(app, {
    tag: tags[0]!,
    noun: ['dato FITET', 'dati FITET'],
    access,
    item: fitetRecord,
    sortKeys: FITET_SORT_KEYS,
    exportFile: { baseName: 'dati_fitet', title: 'Dati FITET', columns: FITET_EXPORT_COLUMNS },
    service: fitet,
  });

  app.post(
    '',
    {
      // The file is parsed on a worker before the writes: no transaction held meanwhile (core/plugins/unit-of-work).
      config: { access, multipart: { maxFileBytes: MAX_FILE_BYTES, files: 1 }, audit: 'import', unitOfWork: 'deferred' },
      schema: {
        tags,
        summary: 'Importa il file FITET (.xlsx o .csv, multipart, campo file): resoconto riga per riga',
        response: { 200: fitetImportReport, ...errors },
      },
    },
    (request) => fitet.import(request.uploads),
  );

  // Per-row edit and delete (spec 001 §1: every admin list page; issue 26 item 14), by the resource-route convention.
  app.patch(
    '/:id',
    {
      config: { access },
      schema: { tags, summary: 'Modifica dato FITET', params: idParams, body: fitetRecordPayload, response: { 200: fitetRecord, ...errors } },
    },
    (request) => fitet.update(request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { config: { access }, schema: { tags, summary: 'Elimina dato FITET', params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await fitet.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default fitetRoutes;
