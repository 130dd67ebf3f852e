import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, test } from 'node:test';
import zlib from 'node:zlib';
import { detectFileType, looksLikeSvg } from '../files/detect';
import { CONTRACT_TYPES, MAX_FILE_BYTES, PHOTO_TYPES } from '../files/policy';

/** A zip archive with stored (uncompressed) entries: enough for file-type to look inside. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
const pad = (head: Buffer, size = 64) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length))]);

/** One sample of every type the uploads accept (spec 001 §5), each with the MIME type it must be detected as. */
const SAMPLES: [string, Buffer, string][] = [
  ['jpeg', pad(hex('ffd8ffe000104a46494600010100000100010000')), 'image/jpeg'],
  ['png', Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'), 'image/png'],
  ['gif', pad(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')), 'image/gif'],
  ['tiff', pad(hex('49492a00080000000000')), 'image/tiff'],
  ['bmp', pad(Buffer.concat([Buffer.from('BM'), hex('3a000000000000003600000028000000')])), 'image/bmp'],
  ['webp', pad(Buffer.concat([Buffer.from('RIFF'), hex('24000000'), Buffer.from('WEBPVP8 ')])), 'image/webp'],
  ['heic', pad(Buffer.concat([hex('00000018'), Buffer.from('ftypheic'), hex('00000000'), Buffer.from('mif1heic')])), 'image/heic'],
  ['ico', pad(hex('00000100010010100000010020006804000016000000')), 'image/x-icon'],
  [
    'svg',
    Buffer.from(
      '<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg xmlns="http://www.w3.org/2000/svg"/>',
    ),
    'image/svg+xml',
  ],
  ['svg without prologue', Buffer.from('\uFEFF  <svg width="1" height="1"></svg>'), 'image/svg+xml'],
  ['pdf', Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'), 'application/pdf'],
  ['doc (OLE)', pad(hex('d0cf11e0a1b11ae1'), 1024), 'application/msword'],
  [
    'docx',
    zip({
      '[Content_Types].xml':
        '<?xml version="1.0"?><Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      'word/document.xml': '<w:document/>',
    }),
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ],
  ['zip', zip({ 'note.txt': 'ciao' }), 'application/zip'],
  ['rtf', Buffer.from('{\\rtf1\\ansi Contratto}'), 'application/rtf'],
  ['txt', Buffer.from('Contratto di collaborazione sportiva\nFirmato.\n'), 'text/plain'],
];

describe('file type detection', () => {
  for (const [label, data, mime] of SAMPLES) {
    test(`${label} → ${mime}, an accepted upload type`, async () => {
      assert.equal((await detectFileType(data))?.mime, mime);
      assert.ok(CONTRACT_TYPES.has(mime) || PHOTO_TYPES.has(mime), `${mime} is accepted somewhere`);
    });
  }

  test('an executable, an empty file and binary noise are no accepted type', async () => {
    assert.equal((await detectFileType(pad(hex('7f454c46020101'))))?.mime, 'application/x-elf');
    assert.equal(await detectFileType(Buffer.alloc(0)), null);
    assert.equal(await detectFileType(hex('0001020304ff')), null);
  });

  test('a gzip (a .tar.gz, 8 MB of random bytes, 64 MB of zeros) is told by its header: nothing inflated on the calling thread', async () => {
    const inflations: string[] = [];
    const Original = globalThis.DecompressionStream;
    globalThis.DecompressionStream = class extends Original {
      constructor(format: ConstructorParameters<typeof Original>[0]) {
        super(format);
        inflations.push(format);
      }
    };
    try {
      const tar = execFileSync('tar', ['-c', '-C', import.meta.dirname, 'detect.test.ts']);
      for (const data of [zlib.gzipSync(tar), zlib.gzipSync(randomBytes(8 * 1024 * 1024)), zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024))])
        assert.deepEqual(await detectFileType(data), { mime: 'application/gzip', ext: 'gz' });
    } finally {
      globalThis.DecompressionStream = Original;
    }
    assert.deepEqual(inflations, []);
  });

  test('SVG only when <svg is the root element after the prologue', () => {
    assert.equal(looksLikeSvg('<svg>'), true);
    assert.equal(looksLikeSvg('<!-- a --><!-- b --> <svg\n>'), true);
    assert.equal(looksLikeSvg('<!DOCTYPE svg [ <!ENTITY x "a>b"> ]><svg/>'), true);
    assert.equal(looksLikeSvg('<svgx>'), false);
    assert.equal(looksLikeSvg('<html><svg></svg></html>'), false);
    assert.equal(looksLikeSvg('<!-- never closed <svg>'), false);
    assert.equal(looksLikeSvg('<!DOCTYPE a><!DOCTYPE b><svg>'), false, 'one doctype at most');
  });

  /**
   * The inputs that froze the server with the old regex (nested quantifiers over comments: exponential
   * backtracking). They run in a child process so that, should detection ever backtrack again, the test fails
   * when the guard stops the child instead of freezing the test runner; the answers themselves are checked here.
   */
  test('the crafted 183-byte input and 5 MB adversarial inputs are answered', () => {
    const script = `
      import { detectFileType } from ${JSON.stringify(path.join(import.meta.dirname, '..', 'files', 'detect.ts'))};
      const size = ${MAX_FILE_BYTES};
      const inputs = {
        crafted: '<!---->'.repeat(26) + 'x',
        emptyComments: '<!---->'.repeat(Math.floor(size / 7)),
        openers: '<!--'.repeat(size / 4),
        commentsThenText: '<!-- -->'.repeat(size / 8 - 1) + '<html>',
        xmlThenOpeners: '<?xml version="1.0"?>' + '<!--'.repeat((size - 21) / 4),
        doctypes: '<!DOCTYPE svg>'.repeat(Math.floor(size / 14)),
        unclosedDoctype: '<!DOCTYPE svg [' + '<!--'.repeat((size - 15) / 4),
      };
      const out = {};
      for (const [name, text] of Object.entries(inputs)) {
        const type = await detectFileType(Buffer.from(text));
        out[name] = { bytes: Buffer.byteLength(text), mime: type?.mime ?? null };
      }
      console.log(JSON.stringify(out));
    `;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      // A guard against a hang, not a measure: linear detection answers in a fraction of it.
      timeout: 120_000,
    });
    const results = JSON.parse(output) as Record<string, { bytes: number; mime: string | null }>;
    assert.equal(results.crafted?.bytes, 183);
    for (const [name, { bytes, mime }] of Object.entries(results)) {
      assert.ok(bytes <= MAX_FILE_BYTES, name);
      // An XML declaration makes it XML for file-type; without one it is plain text. Never an SVG.
      assert.equal(mime, name === 'xmlThenOpeners' ? 'application/xml' : 'text/plain', name);
    }
    assert.ok((results.openers?.bytes ?? 0) > MAX_FILE_BYTES - 8);
  });
});
