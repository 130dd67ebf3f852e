import { fileTypeFromBuffer } from 'file-type';

export interface DetectedType {
  mime: string;
  ext: string;
}

const SVG_START = /^(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE\s+svg[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

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
  if (binary) {
    // Old Word documents are OLE compound files.
    if (binary.ext === 'cfb') return { mime: 'application/msword', ext: 'doc' };
    return { mime: binary.mime, ext: binary.ext };
  }
  if (!isPlainText(buffer)) return null;
  const head = buffer.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (SVG_START.test(head)) return { mime: 'image/svg+xml', ext: 'svg' };
  if (head.startsWith('{\\rtf')) return { mime: 'application/rtf', ext: 'rtf' };
  return { mime: 'text/plain', ext: 'txt' };
}
