import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fitetImportReport, fitetRecord } from 'shared-api/contract';
import { MAX_FILE_BYTES } from '../../../core/files/policy';
import { errors, registerListRoutes } from '../../../core/resources/routes';
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
      config: { access, multipart: { maxFileBytes: MAX_FILE_BYTES, files: 1 } },
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
