import type { FastifyReply } from 'fastify';
import { attachment } from '../content-disposition';
import { fileResponse } from '../plugins/openapi';
import { CONTENT_TYPES, type ExportFile, type ExportStream } from './exporter';

/** The 200 answer of every export route in the OpenAPI description: the file in the requested format. */
export const exportResponse = fileResponse(
  'Il file scaricato (CSV, XLSX o PDF secondo `format`), come allegato',
  Object.values(CONTENT_TYPES).map((type) => type.replace(/;.*$/, '')),
);

/** Sends a download, whole (ExportFile) or as it is made (ExportStream: no content-length, chunked). */
export function sendExportFile(reply: FastifyReply, file: ExportFile | ExportStream) {
  return reply.type(file.contentType).header('content-disposition', attachment(file.fileName)).header('cache-control', 'no-store').send(file.body);
}
