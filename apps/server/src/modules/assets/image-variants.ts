import type { Readable } from 'node:stream';
import type { UploadImageWidth } from '@hiwar/domain';
import sharp from 'sharp';

/**
 * The smaller copies of uploaded pictures that `GET /assets/uploads/{name}?w=` answers (issue 26),
 * made on first request and kept in memory, least recently used dropped first, up to `maxBytes`.
 * Names never change (a new picture gets a new name), so a copy never goes stale; the browser and any
 * cache in front keep it for good. Requests for the same copy while it is being made share that work,
 * so a burst of visitors scales a picture once.
 */
export type ImageVariants = {
  get(name: string, width: UploadImageWidth, original: () => Promise<Buffer>): Promise<Buffer>;
};

export function createImageVariants(options: { maxBytes: number }): ImageVariants {
  const cache = new Map<string, Buffer>();
  const making = new Map<string, Promise<Buffer>>();
  let bytes = 0;

  const keep = (key: string, buffer: Buffer) => {
    if (buffer.length > options.maxBytes) {
      return;
    }
    cache.set(key, buffer);
    bytes += buffer.length;
    // A Map iterates in insertion order, and a hit re-inserts: the first key is the least recently used.
    for (const [oldest, old] of cache) {
      if (bytes <= options.maxBytes) {
        break;
      }
      cache.delete(oldest);
      bytes -= old.length;
    }
  };

  return {
    async get(name, width, original) {
      const key = `${name}@${width}`;
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      let work = making.get(key);
      if (!work) {
        work = original()
          .then((buffer) => scaleToWidth(buffer, width))
          .then((buffer) => {
            keep(key, buffer);
            return buffer;
          })
          .finally(() => making.delete(key));
        making.set(key, work);
      }
      return work;
    },
  };
}

/** A stored picture (JPEG, already checked and re-encoded on upload) `width` pixels wide, never wider. */
export async function scaleToWidth(picture: Buffer, width: number): Promise<Buffer> {
  return sharp(picture)
    .resize({ width, withoutEnlargement: true })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}

/** A file's bytes, read whole (uploaded pictures are at most a few hundred kilobytes once re-encoded). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
