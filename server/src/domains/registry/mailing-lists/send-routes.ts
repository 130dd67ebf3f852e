import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, sendEmailPayload, sendEmailResponse } from 'shared-api/contract';
import { z } from 'zod';
import { confirmPage, donePage, invalidLinkPage } from './unsubscribe-page';

const tags = ['mailing list'];
const linkQuery = z.object({ u: z.string().uuid(), c: z.string().uuid(), s: z.string().min(1).max(100) });
const page = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
const unsubscribeResponses = (done: string) => ({ 200: page(done), 400: page('Pagina HTML: il link non è valido') });

/** /emails: sending to mailing lists (registry_access), and the unsubscribe link of commercial mails (no sign-in). */
const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mailingSender } = app.services.registry;

  app.post(
    '/send',
    {
      config: { access: ['registry_access'], audit: 'mail-send' },
      schema: {
        tags,
        summary: 'Invia una email alle mailing list scelte (una per destinatario)',
        body: sendEmailPayload,
        response: { 200: sendEmailResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ({ queued: await mailingSender.send(request.body) }),
  );

  // The form of the confirmation page posts urlencoded fields.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 2048 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(
    '/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Pagina di conferma dell'annullamento dell'iscrizione (link firmato)",
        querystring: linkQuery,
        response: unsubscribeResponses('Pagina HTML di conferma'),
      },
    },
    async (request, reply) => {
      const { u, c, s } = request.query;
      const list = await mailingSender.classOfLink(u, c, s);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return list ? confirmPage(list.name, request.query) : reply.code(400).send(invalidLinkPage());
    },
  );

  app.post(
    '/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Annulla l'iscrizione a una mailing list (link firmato)",
        body: linkQuery,
        response: unsubscribeResponses('Pagina HTML: iscrizione annullata'),
      },
    },
    async (request, reply) => {
      const { u, c, s } = request.body;
      const list = await mailingSender.unsubscribe(u, c, s);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return list ? donePage(list.name) : reply.code(400).send(invalidLinkPage());
    },
  );
};

export default emailRoutes;
