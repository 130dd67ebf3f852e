import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { DomainError } from '../errors';
import { MAX_FILE_BYTES } from '../files/policy';
import type { Upload } from '../files/uploads';

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart request by field name; null for JSON requests. */
    uploads: Map<string, Upload> | null;
  }
}

/**
 * Multipart forms (a user with a photo or a contract): the text fields become the body, so the route's zod
 * schema validates them exactly as it validates JSON; the files wait in request.uploads for the content checks.
 */
export default fp(
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_FILE_BYTES, files: 5, fields: 100, fieldSize: 100_000, parts: 105 },
      // A file over the limit is cut short and flagged, so the answer can name it.
      throwFileSizeLimit: false,
    });
    app.decorateRequest('uploads', null);
    app.addHook('preValidation', async (request) => {
      if (!request.isMultipart()) return;
      const fields: Record<string, string> = {};
      const uploads = new Map<string, Upload>();
      for await (const part of request.parts()) {
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
