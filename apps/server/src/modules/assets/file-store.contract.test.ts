import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../testing/s3.ts';
import { createLocalFileStore, createS3FileStore, type FileStore } from './file-store.ts';

/** A fresh server-made name, as `StoredFiles.save` makes them. */
const newName = (extension: string) => `${randomBytes(16).toString('hex')}.${extension}`;
const read = async (store: FileStore, name: string, range?: { start: number; end: number }) => {
  const stream = await store.get(name, range);
  return stream ? buffer(stream) : null;
};

const s3 = await startS3Server('hiwar-contract');
const disk = mkdtempSync(path.join(os.tmpdir(), 'hiwar-store-contract-'));
afterAll(async () => {
  await s3.close();
  rmSync(disk, { recursive: true, force: true });
});

/**
 * One contract for both file stores (issue 17): the local disk (one machine) and S3 as a real
 * S3-compatible server answers it (s3rver over HTTP, not a fake of ours), so an instance behaves the
 * same whichever it was given.
 */
describe.each([
  ['the local disk', createLocalFileStore(disk)],
  ['S3 (s3rver)', createS3FileStore(s3.config)],
] as const)('the file store contract: %s', (_label, store) => {
  it('reads back exactly the bytes it was given, whole and in ranges', async () => {
    const name = newName('jpg');
    const bytes = randomBytes(300_000);
    await store.put(name, { buffer: bytes }, { contentType: 'image/jpeg', size: bytes.length });
    expect((await read(store, name))?.equals(bytes)).toBe(true);
    expect((await read(store, name, { start: 1000, end: 1999 }))?.equals(bytes.subarray(1000, 2000))).toBe(
      true,
    );
    expect((await read(store, name, { start: bytes.length - 1, end: bytes.length - 1 }))?.[0]).toBe(
      bytes.at(-1),
    );
  });

  it('streams a file from disk (a video) without holding it in memory', async () => {
    const source = path.join(mkdtempSync(path.join(os.tmpdir(), 'hiwar-upload-')), 'video');
    const bytes = randomBytes(2_000_000);
    writeFileSync(source, bytes);
    const name = newName('mp4');
    await store.put(name, { path: source }, { contentType: 'video/mp4', size: bytes.length });
    expect((await read(store, name))?.equals(bytes)).toBe(true);
    rmSync(path.dirname(source), { recursive: true });
  });

  it('answers null for a file that is not there, and deletes idempotently', async () => {
    expect(await store.get(newName('png'))).toBeNull();
    const name = newName('png');
    await store.put(name, { buffer: Buffer.from('x') }, { contentType: 'image/png', size: 1 });
    await store.delete(name);
    expect(await store.get(name)).toBeNull();
    await store.delete(name);
  });

  it('refuses names it did not make', async () => {
    await expect(store.get('../../etc/passwd')).rejects.toThrow(/Refusing/);
    await expect(
      store.put('a/b.png', { buffer: Buffer.from('x') }, { contentType: 'image/png', size: 1 }),
    ).rejects.toThrow(/Refusing/);
  });
});

describe('the S3 store against a real S3-compatible server', () => {
  const store = createS3FileStore(s3.config);

  it('stores the content type with the object (a CDN in front of the bucket serves it right)', async () => {
    const name = newName('jpg');
    await store.put(name, { buffer: Buffer.from('jpeg bytes') }, { contentType: 'image/jpeg', size: 10 });
    const direct = await fetch(`${s3.endpoint}/${s3.config.bucket}/${name}`, { method: 'HEAD' });
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('image/jpeg');
    expect(direct.headers.get('content-length')).toBe('10');
  });

  it('fails loudly for a bucket that does not exist or an unknown key, never as a missing file', async () => {
    const name = newName('jpg');
    const noBucket = createS3FileStore({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(noBucket.get(name)).rejects.toThrow(/404.*NoSuchBucket/);
    await expect(
      noBucket.put(name, { buffer: Buffer.from('x') }, { contentType: 'image/jpeg', size: 1 }),
    ).rejects.toThrow(/NoSuchBucket/);
    const stranger = createS3FileStore({ ...s3.config, accessKeyId: 'SOMEONE-ELSE' });
    await expect(stranger.get(name)).rejects.toThrow(/403.*InvalidAccessKeyId/);
  });
});
