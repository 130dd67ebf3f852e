import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { certificate, certificateApprovePayload, certificateEditPayload, certificatePayload, id } from 'shared-api/contract';
import { z } from 'zod';
import { sendStoredFile } from '../../../core/files/download';
import { fileResponse } from '../../../core/plugins/openapi';
import { currentUser } from '../../../core/plugins/session';
import { errors, registerListRoutes } from '../../../core/resources/routes';
import { oneFile, staff, tags } from '../access';
import { CERTIFICATE_EXPORT_COLUMNS } from './export-columns';
import { CERTIFICATE_SORT_KEYS } from './repository';

const owned = z.object({ id, userId: id });
const recordParams = owned.extend({ recordId: id });

/** /certificate (spec 001 §7 Certificates): the certificates staff's list, and each certificate's uploads and approval. */
const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { certificates } = app.services.certificates;

  registerListRoutes(app, {
    tag: tags[0]!,
    noun: ['certificato', 'certificati'],
    access: staff.access,
    item: certificate,
    sortKeys: CERTIFICATE_SORT_KEYS,
    exportFile: { baseName: 'certificati', title: 'Certificati', columns: CERTIFICATE_EXPORT_COLUMNS },
    service: certificates,
    // Certificates are opened by their member and type (/:id/user/:userId), never by id alone.
    byId: false,
  });

  app.post(
    '',
    {
      config: staff,
      schema: { tags, summary: 'Crea un certificato (tipologia e utente)', body: certificatePayload, response: { 201: certificate, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await certificates.create(request.body)),
  );

  app.patch(
    '/:id/user/:userId',
    {
      config: staff,
      schema: {
        tags,
        summary: "Modifica la data di scadenza dell'ultimo caricamento",
        params: owned,
        body: certificateEditPayload,
        response: { 200: certificate, ...errors },
      },
    },
    (request) => certificates.editEndDate(currentUser(request).id, request.params.id, request.params.userId, request.body.end_date ?? null),
  );

  app.delete(
    '/:id/user/:userId',
    {
      config: staff,
      schema: { tags, summary: 'Elimina un certificato e i suoi caricamenti', params: owned, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await certificates.remove(request.params.id, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:id/user/:userId',
    {
      config: { ...staff, ...oneFile },
      schema: { tags, summary: 'Carica un file del certificato (multipart, campo file)', params: owned, response: { 201: certificate, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await certificates.upload(request.params.id, request.params.userId, request.uploads)),
  );

  app.patch(
    '/:id/user/:userId/record/:recordId/approve',
    {
      config: { ...staff, audit: 'approve' },
      schema: {
        tags,
        summary: 'Approva un caricamento (scadenza e note facoltative)',
        params: recordParams,
        body: z.preprocess((v) => v ?? {}, certificateApprovePayload),
        response: { 200: certificate, ...errors },
      },
    },
    (request) => certificates.approve(currentUser(request).id, request.params.id, request.params.userId, request.params.recordId, request.body),
  );

  app.get(
    '/:id/user/:userId/record/:recordId/file',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Scarica il file di un caricamento',
        params: recordParams,
        response: { 200: fileResponse('Il file caricato, come allegato'), ...errors },
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, app.services.files, await certificates.recordFile(request.params.id, request.params.userId, request.params.recordId)),
  );
};

export default certificateRoutes;
