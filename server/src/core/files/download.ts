import type { FastifyReply } from 'fastify';
import { attachment } from '../content-disposition';
import type { FileRepository, FileRow } from './repository';

/** Streams a stored file as a download with its original name; whoever calls this has checked who may read it. */
export function sendStoredFile(reply: FastifyReply, files: FileRepository, file: FileRow, downloadName = file.original_name) {
  return (
    reply
      .type(file.mime)
      .header('content-length', file.size)
      .header('content-disposition', attachment(downloadName))
      .header('x-content-type-options', 'nosniff')
      // An uploaded SVG or HTML-looking file must never run as a page of the portal.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(files.store.openRead(file.id))
  );
}
