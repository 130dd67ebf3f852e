import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FINANCE_EXPORT_FILES, selfCertification, selfCertificationPayload, selfCertificationPdfQuery } from 'shared-api/contract';
import { z } from 'zod';
import { attachment } from '../../../core/content-disposition';
import { fileResponse } from '../../../core/plugins/openapi';
import { errors, idParams as params, registerListRoutes } from '../../../core/resources/routes';
import { FINANCE_ACCESS, financeStaff as config } from '../access';
import { SELF_CERTIFICATION_EXPORT_COLUMNS } from './export-columns';
import { SELF_CERTIFICATION_SORT_KEYS } from './repository';

const tags = ['finanza: autocertificazioni'];

/** /finance/self-certification (spec 002 §7): members' self-certifications and their PDF. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { selfCertifications } = app.services.finance;
  registerListRoutes(app, {
    tag: tags[0]!,
    noun: ['autocertificazione', 'autocertificazioni'],
    access: FINANCE_ACCESS,
    item: selfCertification,
    sortKeys: SELF_CERTIFICATION_SORT_KEYS,
    exportFile: { baseName: FINANCE_EXPORT_FILES.selfCertification, title: 'Autocertificazioni', columns: SELF_CERTIFICATION_EXPORT_COLUMNS },
    service: selfCertifications,
  });

  app.post(
    '',
    {
      config,
      schema: { tags, summary: "Crea un'autocertificazione", body: selfCertificationPayload, response: { 201: selfCertification, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await selfCertifications.create(request.body)),
  );

  app.delete(
    '/:id',
    { config, schema: { tags, summary: "Elimina un'autocertificazione", params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await selfCertifications.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:id/pdf',
    {
      config,
      schema: {
        tags,
        summary: "L'autocertificazione in PDF (showTotals: con il totale dell'anno)",
        params,
        querystring: selfCertificationPdfQuery,
        response: { 200: fileResponse('Il PDF, come allegato', ['application/pdf']), ...errors },
      },
    },
    async (request, reply) => {
      const { body, fileName } = await selfCertifications.pdf(request.params.id, request.query.showTotals);
      return reply.type('application/pdf').header('content-disposition', attachment(fileName)).header('cache-control', 'no-store').send(body);
    },
  );
};

export default routes;
