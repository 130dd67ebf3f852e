import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { DomainError } from '../errors';
import { detectFileType } from './detect';
import { tooLargeMessage, wrongTypeMessage } from './policy';

/** A file part of a multipart request, read into memory (at most the size limit; beyond it tooLarge). */
export interface Upload {
  field: string;
  fileName: string;
  data: Buffer;
  tooLarge: boolean;
}

/** An upload that passed the checks, with its new id and detected type, not yet stored. */
export interface AcceptedFile {
  id: string;
  original_name: string;
  mime: string;
  size: number;
  data: Buffer;
}

/** Size and type checks of one upload; the messages are the spec's (001 §5 File input). */
export async function acceptUpload(upload: Upload, allowedTypes: ReadonlySet<string>): Promise<AcceptedFile> {
  const name = path.basename(upload.fileName.replace(/\\/g, '/')).slice(0, 255) || 'file';
  if (upload.tooLarge) throw new DomainError('FILE_TOO_LARGE', tooLargeMessage(name));
  const type = await detectFileType(upload.data);
  if (!type || !allowedTypes.has(type.mime)) throw new DomainError('FILE_TYPE_NOT_ALLOWED', wrongTypeMessage(name));
  return { id: randomUUID(), original_name: name, mime: type.mime, size: upload.data.length, data: upload.data };
}
