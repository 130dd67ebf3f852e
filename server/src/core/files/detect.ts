export interface DetectedType {
  mime: string;
  ext: string;
}

/** How far into a text file the SVG root element may start (after the XML declaration, comments and doctype). */
const SVG_PROLOGUE_CHARS = 64 * 1024;

/**
 * Whether a text starts like an SVG document: optional BOM and XML declaration, then comments, a doctype and
 * white space in any order, then `<svg`. A scan with indexOf, each character read at most a few times, so no
 * input can make it slow (a regex with nested quantifiers over the same text backtracked exponentially on
 * repeated comment openers: issue 7 finding 1).
 */
export function looksLikeSvg(text: string): boolean {
  const head = text.slice(0, SVG_PROLOGUE_CHARS);
  let at = head.charCodeAt(0) === 0xfeff ? 1 : 0;
  const skipSpace = () => {
    while (at < head.length && /\s/.test(head[at]!)) at++;
  };
  const startsWith = (prefix: string) => head.slice(at, at + prefix.length).toLowerCase() === prefix;
  /** Moves past the next `close`; false when there is none. */
  const skipPast = (close: string) => {
    const end = head.indexOf(close, at);
    if (end < 0) return false;
    at = end + close.length;
    return true;
  };
  skipSpace();
  if (startsWith('<?xml') && !skipPast('?>')) return false;
  // XML allows one doctype; allowing more would let each one rescan the rest of the text.
  let doctypeSeen = false;
  for (;;) {
    skipSpace();
    if (startsWith('<!--')) {
      at += 4;
      if (!skipPast('-->')) return false;
    } else if (startsWith('<!doctype') && !doctypeSeen) {
      doctypeSeen = true;
      // An internal subset ([ … ]) may hold '>' characters: its end comes first.
      const close = head.indexOf('>', at);
      const subset = head.indexOf('[', at);
      if (subset >= 0 && (close < 0 || subset < close)) {
        at = subset;
        if (!skipPast(']')) return false;
      }
      if (!skipPast('>')) return false;
    } else if (startsWith('<svg')) {
      const next = head[at + 4];
      return next === undefined ? false : next === '>' || next === '/' || /\s/.test(next);
    } else {
      return false;
    }
  }
}

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

const textHead = (buffer: Buffer) => buffer.subarray(0, SVG_PROLOGUE_CHARS).toString('utf8');

/** A gzip member: magic number and the deflate method (RFC 1952 §2.3.1). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08]);

/**
 * The type of a file from its content, never from its name (DESIGN §2).
 * file-type knows binary formats; SVG and plain text have no magic number and are sniffed here.
 */
export async function detectFileType(buffer: Buffer): Promise<DetectedType | null> {
  // file-type inflates up to 16 MB of a gzip to tell a .tar.gz from a .gz, on the thread that called it: every upload
  // route runs this on the request thread (up to 160 ms for an 8 MB build archive, issue 25). Nothing here needs
  // that distinction, so the header is enough.
  if (buffer.subarray(0, GZIP_HEADER.length).equals(GZIP_HEADER)) return { mime: 'application/gzip', ext: 'gz' };
  // file-type is loaded with the first upload, not at the server's start.
  const { fileTypeFromBuffer } = await import('file-type');
  const binary = await fileTypeFromBuffer(buffer);
  // file-type calls any XML document xml: an SVG is one.
  if (binary?.ext === 'xml') return looksLikeSvg(textHead(buffer)) ? { mime: 'image/svg+xml', ext: 'svg' } : binary;
  if (binary) {
    // Old Word documents are OLE compound files.
    if (binary.ext === 'cfb') return { mime: 'application/msword', ext: 'doc' };
    return { mime: binary.mime, ext: binary.ext };
  }
  if (!isPlainText(buffer)) return null;
  const head = textHead(buffer);
  if (looksLikeSvg(head)) return { mime: 'image/svg+xml', ext: 'svg' };
  if (
    head
      .replace(/^\uFEFF/, '')
      .trimStart()
      .startsWith('{\\rtf')
  )
    return { mime: 'application/rtf', ext: 'rtf' };
  return { mime: 'text/plain', ext: 'txt' };
}
