import { FILE_MESSAGES } from 'shared-api/contract';

/** 5 MB, the limit of every upload the spec names (photo, contract, certificate, FITET). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_FILE_MB = 5;

/** Photo: jpeg, png, gif, tiff, bmp, webp, svg, heif, ico (spec 001 §5). */
export const PHOTO_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/tiff',
  'image/bmp',
  'image/webp',
  'image/svg+xml',
  'image/heif',
  'image/heic',
  'image/heif-sequence',
  'image/heic-sequence',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

/** Contract: pdf, doc, docx, rtf, txt, zip and images (spec 001 §5). */
export const CONTRACT_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/rtf',
  'text/plain',
  'application/zip',
  ...PHOTO_TYPES,
]);

/** What a refused file is told: the contract's texts, the ones the browser's file input says of a choice it refuses. */
export const tooLargeMessage = (name: string) => FILE_MESSAGES.tooLarge(name, MAX_FILE_MB);
export const wrongTypeMessage = FILE_MESSAGES.wrongType;

/** Certificate: png, jpeg or pdf (spec 000 §5, 001 §5). */
export const CERTIFICATE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'application/pdf']);
