import { fileTypeFromBuffer } from 'file-type';

export interface DetectedType {
  mime: string;
  ext: string;
}

const SVG_START = /^(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE\s+svg[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

const textHead = (buffer: Buffer) => buffer.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart();
const isSvg = (buffer: Buffer) => SVG_START.test(textHead(buffer));

/** Plain text: valid UTF-8 without control characters other than tab, new line, form feed and return. */
function isPlainText(buffer: Buffer): boolean {
  if (buffer.length === 0) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return false;
  }
  for (const byte of buffer) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) return false;
    if (byte === 0x7f) return false;
  }
  return true;
}

/**
 * The type of a file from its content, never from its name (DESIGN §2).
 * file-type knows binary formats; SVG and plain text have no magic number and are sniffed here.
 */
export async function detectFileType(buffer: Buffer): Promise<DetectedType | null> {
  const binary = await fileTypeFromBuffer(buffer);
  // file-type calls any XML document xml: an SVG is one.
  if (binary?.ext === 'xml') return isSvg(buffer) ? { mime: 'image/svg+xml', ext: 'svg' } : binary;
  if (binary) {
    // Old Word documents are OLE compound files.
    if (binary.ext === 'cfb') return { mime: 'application/msword', ext: 'doc' };
    return { mime: binary.mime, ext: binary.ext };
  }
  if (!isPlainText(buffer)) return null;
  if (isSvg(buffer)) return { mime: 'image/svg+xml', ext: 'svg' };
  if (textHead(buffer).startsWith('{\\rtf')) return { mime: 'application/rtf', ext: 'rtf' };
  return { mime: 'text/plain', ext: 'txt' };
}
