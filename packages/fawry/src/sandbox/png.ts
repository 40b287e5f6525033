import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * The sandbox's `walletQr`: a PNG data URL that looks like a QR code (three finder patterns and a
 * pattern derived from the reference number) so the UI has a real image to lay out. It is not a
 * scannable QR code; in the sandbox the payer confirms on the wallet page instead.
 */
export function fakeQrDataUrl(seed: string): string {
  const modules = 25;
  const scale = 6;
  const quiet = 4;
  const size = (modules + quiet * 2) * scale;
  const bits = createHash('sha256').update(seed).digest();
  const dark = (x: number, y: number): boolean => {
    const finder = (fx: number, fy: number) => {
      const dx = x - fx;
      const dy = y - fy;
      if (dx < 0 || dy < 0 || dx > 6 || dy > 6) {
        return null;
      }
      const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
      return ring !== 2;
    };
    const inFinder = finder(0, 0) ?? finder(modules - 7, 0) ?? finder(0, modules - 7);
    if (inFinder !== null) {
      return inFinder;
    }
    const index = (y * modules + x) % (bits.length * 8);
    return ((bits[index >> 3] as number) >> (index & 7)) % 2 === 1;
  };
  const raw = Buffer.alloc((size + 1) * size);
  for (let py = 0; py < size; py++) {
    raw[py * (size + 1)] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      const mx = Math.floor(px / scale) - quiet;
      const my = Math.floor(py / scale) - quiet;
      const inside = mx >= 0 && my >= 0 && mx < modules && my < modules;
      raw[py * (size + 1) + 1 + px] = inside && dark(mx, my) ? 0 : 255;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/PNG;base64,${png.toString('base64')}`;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([length, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) {
    c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return c >>> 0;
});

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) {
    crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}
