import type { FastifyReply } from 'fastify';
import { attachment } from '../content-disposition';
import type { ExportFile } from './exporter';

export function sendExportFile(reply: FastifyReply, file: ExportFile) {
  return reply.type(file.contentType).header('content-disposition', attachment(file.fileName)).header('cache-control', 'no-store').send(file.body);
}
