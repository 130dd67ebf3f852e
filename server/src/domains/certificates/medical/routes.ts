import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { id, statusResponse } from 'shared-api/contract';
import { z } from 'zod';
import { attachment } from '../../../core/content-disposition';
import { sendStoredFile } from '../../../core/files/download';
import { fileResponse } from '../../../core/plugins/openapi';
import { currentUser } from '../../../core/plugins/session';
import { errors } from '../../../core/resources/routes';
import { oneFile, tags } from '../access';

/** Under /certificate (spec 000 §2.7): the member uploads and downloads their own medical certificate. */
export const medicalCertificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { certificates } = app.services.certificates;

  app.post(
    '/medical/user/me',
    {
      config: { access: 'signed-in', ...oneFile },
      schema: {
        tags,
        summary: 'Il socio carica il proprio certificato medico (multipart, campo file)',
        response: { 201: statusResponse, ...errors },
      },
    },
    async (request, reply) => {
      await certificates.uploadMine(currentUser(request).id, request.uploads);
      return reply.code(201).send({ status: 'success' as const });
    },
  );

  app.get(
    '/user/:id/medical/file',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "Scarica l'ultimo certificato medico caricato (il socio stesso o i certificati)",
        params: z.object({ id }),
        response: { 200: fileResponse('Il certificato, come allegato'), ...errors },
      },
    },
    async (request, reply) => {
      const { file, downloadName } = await certificates.medicalFileFor(currentUser(request), request.params.id);
      return sendStoredFile(reply, app.services.files, file, downloadName);
    },
  );
};

/** /pdf/medical-request/{agonistic,non-agonistic}: the request forms with the club's name and the member's data. */
export const medicalRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['agonistic', 'non-agonistic'] as const) {
    app.get(
      `/medical-request/${kind}`,
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: `Modulo di richiesta del certificato medico (${kind})`,
          response: { 200: fileResponse('Il modulo in PDF, come allegato', ['application/pdf']) },
        },
      },
      async (request, reply) => {
        const { body, fileName } = await app.services.certificates.certificates.medicalRequest(kind, currentUser(request).id);
        return reply.type('application/pdf').header('content-disposition', attachment(fileName)).header('cache-control', 'no-store').send(body);
      },
    );
  }
};
