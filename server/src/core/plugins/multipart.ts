import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../errors';
import type { Upload } from '../files/uploads';

/** What a route that takes files accepts: at most `files` files of `maxFileBytes` each, beside its text fields. */
export interface MultipartLimits {
  maxFileBytes: number;
  files: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart request by field name; null for JSON requests. */
    uploads: Map<string, Upload> | null;
  }
  interface FastifyContextConfig {
    /** This route takes files (multipart/form-data); every other route answers 415 to a multipart request. */
    multipart?: MultipartLimits;
  }
}

const isMultipartRequest = (request: FastifyRequest) => /^multipart\//i.test(request.headers['content-type'] ?? '');

/**
 * Multipart forms only where a route takes files (issue 7 finding 9: parsing them everywhere let anonymous floods
 * fill the memory). Elsewhere a multipart request is refused with 415 before its body is read. On a route that
 * declares `config.multipart`, the text fields become the body, so the route's zod schema validates them exactly
 * as it validates JSON, and the files wait in request.uploads for the content checks.
 */
export default fp(
  async (app) => {
    await app.register(multipart, {
      // The route's own limits replace these (request.parts below); these bound a route that forgot nothing.
      limits: { fileSize: 1, files: 0, fields: 100, fieldSize: 100_000, parts: 100 },
      // A file over the limit is cut short and flagged, so the answer can name it.
      throwFileSizeLimit: false,
    });
    app.decorateRequest('uploads', null);

    app.addHook('onRequest', async (request) => {
      if (isMultipartRequest(request) && !request.routeOptions.config.multipart) {
        throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Questa richiesta non accetta file: invia i dati in JSON');
      }
    });

    app.addHook('preValidation', async (request) => {
      const limits = request.routeOptions.config.multipart;
      if (!limits || !request.isMultipart()) return;
      const fields: Record<string, string> = {};
      const uploads = new Map<string, Upload>();
      const parts = request.parts({
        limits: { fileSize: limits.maxFileBytes, files: limits.files, fields: 100, fieldSize: 100_000, parts: 100 + limits.files },
      });
      for await (const part of parts) {
        if (part.type === 'file') {
          const chunks: Buffer[] = [];
          for await (const chunk of part.file) chunks.push(chunk as Buffer);
          const data = Buffer.concat(chunks);
          // Browsers send an empty part for a file input left empty.
          if (!part.filename && data.length === 0) continue;
          if (uploads.has(part.fieldname)) throw new DomainError('TOO_MANY_FILES');
          uploads.set(part.fieldname, { field: part.fieldname, fileName: part.filename, data, tooLarge: part.file.truncated });
        } else {
          fields[part.fieldname] = String(part.value);
        }
      }
      request.body = fields;
      request.uploads = uploads;
    });
  },
  { name: 'multipart-forms' },
);
