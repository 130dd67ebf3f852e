import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachment } from '../../core/content-disposition';
import { fileResponse } from '../../core/plugins/openapi';
import { PRIVACY_POLICY, REGULATIONS, termsPdf } from './terms';

/** The two terms documents: open to everyone, so they can be read before accepting them (spec 002 §7). */
const pdfRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [path, document] of [
    ['/privacy-policy', PRIVACY_POLICY],
    ['/regulations', REGULATIONS],
  ] as const) {
    app.get(
      path,
      {
        config: { access: 'public' },
        schema: {
          tags: ['pdf'],
          summary: document.title,
          response: { 200: fileResponse('Il documento in PDF, come allegato', ['application/pdf']) },
        },
      },
      async (_request, reply) => {
        const pdf = await termsPdf(document);
        return reply.type('application/pdf').header('content-disposition', attachment(document.fileName)).send(pdf);
      },
    );
  }
};

export default pdfRoutes;
