import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  certificate,
  certificateApprovePayload,
  certificateEditPayload,
  certificatePayload,
  certificateType,
  certificateTypePayload,
  errorBody,
  exportFormat,
  holdsAny,
  id,
  listQuery,
  listResponse,
  statusResponse,
} from 'shared-api/contract';
import { z } from 'zod';
import { buildExport } from '../../core/export/exporter';
import { exportResponse, sendExportFile } from '../../core/export/reply';
import { fileResponse } from '../../core/plugins/openapi';
import { DomainError } from '../../core/errors';
import { sendStoredFile } from '../../core/files/download';
import { currentUser } from '../../core/plugins/session';
import { registerResourceRoutes } from '../../core/resources/routes';
import { todayIn } from '../../core/time';
import { CERTIFICATE_EXPORT_COLUMNS } from './certificates/export-columns';
import { CERTIFICATE_SORT_KEYS } from './certificates/repository';
import { MEDICAL_REQUEST_FILE_NAMES, medicalRequestPdf } from './medical/request-form';
import { CERTIFICATE_TYPE_EXPORT_COLUMNS } from './types/export-columns';
import { CERTIFICATE_TYPE_SORT_KEYS } from './types/repository';
import { attachment } from '../../core/content-disposition';
import { MAX_FILE_BYTES } from '../../core/files/policy';

const tags = ['certificati'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const staff = { access: ['certificates_access'] } as const;
/** One certificate file (field `file`), 5 MB. */
const oneFile = { multipart: { maxFileBytes: MAX_FILE_BYTES, files: 1 } };
const listQ = listQuery.extend({ sortBy: z.enum(CERTIFICATE_SORT_KEYS).optional() });
const exportQ = listQ.omit({ page: true, limit: true }).extend({ format: exportFormat });
const owned = z.object({ id, userId: id });
const recordParams = owned.extend({ recordId: id });

/** /certificate: the certificates staff's list and actions, the types, and the member's own medical certificate. */
const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { certificates, certificateTypes } = app.services.certificates;

  await app.register(
    async (types) => {
      registerResourceRoutes(types, {
        tag: 'tipologie certificati',
        noun: ['tipologia di certificato', 'tipologie di certificato'],
        access: staff.access,
        item: certificateType,
        payload: certificateTypePayload,
        sortKeys: CERTIFICATE_TYPE_SORT_KEYS,
        maxLimit: 500,
        exportFile: { baseName: 'tipologie_certificati', title: 'Tipologie certificati', columns: CERTIFICATE_TYPE_EXPORT_COLUMNS },
        service: certificateTypes,
      });
    },
    { prefix: '/types' },
  );

  app.get(
    '',
    { config: staff, schema: { tags, summary: 'Elenco certificati', querystring: listQ, response: { 200: listResponse(certificate), ...errors } } },
    (request) => certificates.list(request.query),
  );

  app.get(
    '/export',
    {
      config: staff,
      schema: { tags, summary: "Scarica l'elenco certificati (csv, xlsx, pdf)", querystring: exportQ, response: { 200: exportResponse, ...errors } },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const file = await buildExport({
        format,
        baseName: 'certificati',
        title: 'Certificati',
        columns: CERTIFICATE_EXPORT_COLUMNS,
        rows: await certificates.listAll(filter),
        timeZone: app.config.clubTimezone,
      });
      return sendExportFile(reply, file);
    },
  );

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
      config: staff,
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
      const caller = currentUser(request);
      if (caller.id !== request.params.id && !holdsAny(caller.permissions, ['certificates_access'])) throw new DomainError('FORBIDDEN');
      const file = await certificates.medicalFileOf(request.params.id);
      const extension = file.original_name.includes('.') ? file.original_name.slice(file.original_name.lastIndexOf('.')) : '';
      return sendStoredFile(reply, app.services.files, file, `certificato_${request.params.id}${extension}`);
    },
  );
};

/** /pdf/medical-request/{agonistic,non-agonistic}: the request forms with the club's name and the member's data. */
const medicalRequestRoutes: FastifyPluginAsyncZod = async (app) => {
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
        const member = await app.services.certificates.certificates.memberData(currentUser(request).id);
        const pdf = await medicalRequestPdf(kind, member, app.config.clubName, todayIn(app.config.clubTimezone, app.services.clock.now()));
        return reply
          .type('application/pdf')
          .header('content-disposition', attachment(MEDICAL_REQUEST_FILE_NAMES[kind]))
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
  }
};

const routes: FastifyPluginAsync = async (app) => {
  await app.register(certificateRoutes, { prefix: '/certificate' });
  await app.register(medicalRequestRoutes, { prefix: '/pdf' });
};

export default routes;
