/**
 * Writes the installed portal's icons (issue 28: web app manifest, 192 and 512 px) into shell/public: the favicon's
 * drawing (a red ball, a dark paddle handle, a small yellow ball) on the portal's accent colour (shared-ui --ui-accent),
 * inside the safe zone of a maskable icon. Run once after changing the drawing: `node tooling/make-icons.mjs`.
 * A tiny PNG encoder (zlib only), so no image library is needed for two files.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const ACCENT = [0x15, 0x58, 0xb0];
const RED = [0xc8, 0x10, 0x2e];
const DARK = [0x33, 0x33, 0x33];
const YELLOW = [0xf5, 0xa6, 0x23];
const WHITE = [0xff, 0xff, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** The colour at (x, y) of the drawing on a 32-unit square (the favicon's viewBox), scaled into the middle 70%. */
function colourAt(u, v) {
  // Maskable safe zone: the drawing fills the central 70%.
  const x = (u - 0.15) / 0.7;
  const y = (v - 0.15) / 0.7;
  const X = x * 32;
  const Y = y * 32;
  if ((X - 26) ** 2 + (Y - 6) ** 2 <= 9) return YELLOW;
  // The handle: a 5×12 bar turned -45° around (21.5, 25).
  const dx = X - 21.5;
  const dy = Y - 25;
  const along = (dx + dy) / Math.SQRT2;
  const across = (dx - dy) / Math.SQRT2;
  if (Math.abs(along) <= 6 && Math.abs(across) <= 2.5 && (X - 13) ** 2 + (Y - 13) ** 2 > 121) return DARK;
  const r2 = (X - 13) ** 2 + (Y - 13) ** 2;
  if (r2 <= 121) return RED;
  if (r2 <= 132) return WHITE;
  return ACCENT;
}

function png(size) {
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const [r, g, b] = colourAt((x + 0.5) / size, (y + 0.5) / size);
      row[1 + x * 3] = r;
      row[2 + x * 3] = g;
      row[3 + x * 3] = b;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = path.resolve(import.meta.dirname, '..', 'shell', 'public');
for (const size of [192, 512]) writeFileSync(path.join(out, `icon-${size}.png`), png(size));
