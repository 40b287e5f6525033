import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { fakeHttpServer } from '../../testing/fake-http.ts';
import { createLocalFileStore, createS3FileStore, EMPTY_PAYLOAD_HASH, signS3Request } from './file-store.ts';

const NAME = 'a1b2c3d4e5f60718293a4b5c6d7e8f90.txt';

describe('the local file store', () => {
  it('puts, reads whole or in part, and deletes', async () => {
    const store = createLocalFileStore(mkdtempSync(path.join(os.tmpdir(), 'hiwar-store-')));
    await store.put(NAME, { buffer: Buffer.from('hello, hiwar') }, { contentType: 'text/plain', size: 12 });
    expect(await text((await store.get(NAME))!)).toBe('hello, hiwar');
    expect(await text((await store.get(NAME, { start: 7, end: 11 }))!)).toBe('hiwar');
    const source = path.join(mkdtempSync(path.join(os.tmpdir(), 'hiwar-src-')), 'video');
    writeFileSync(source, 'from a file');
    const other = 'ffffffffffffffffffffffffffffffff.mp4';
    await store.put(other, { path: source }, { contentType: 'video/mp4', size: 11 });
    expect(await text((await store.get(other))!)).toBe('from a file');
    await store.delete(NAME);
    expect(await store.get(NAME)).toBeNull();
    await store.delete(NAME);
  });

  it('refuses names it did not make (no path tricks)', async () => {
    const store = createLocalFileStore(mkdtempSync(path.join(os.tmpdir(), 'hiwar-store-')));
    await expect(store.get('../../etc/passwd')).rejects.toThrow(/Refusing/);
  });
});

describe('the S3 file store', () => {
  it('signs requests exactly as AWS documents (Signature V4 "GET Object" example)', () => {
    const headers = signS3Request({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { host: 'examplebucket.s3.amazonaws.com', range: 'bytes=0-9' },
      payloadHash: EMPTY_PAYLOAD_HASH,
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('puts, gets (with a range) and deletes objects in the bucket, path-style', async () => {
    const objects = new Map<string, Buffer>();
    const s3 = await fakeHttpServer((request) => {
      if (!request.headers.authorization?.startsWith('AWS4-HMAC-SHA256 Credential=KEY/')) {
        return { status: 403 };
      }
      if (request.method === 'PUT') {
        objects.set(request.url, request.body);
        return {};
      }
      if (request.method === 'DELETE') {
        objects.delete(request.url);
        return { status: 204, body: '' };
      }
      const body = objects.get(request.url);
      if (!body) {
        return { status: 404, body: '<Error/>' };
      }
      const range = /bytes=(\d+)-(\d+)/.exec(String(request.headers.range ?? ''));
      return range ? { status: 206, body: body.subarray(Number(range[1]), Number(range[2]) + 1) } : { body };
    });
    const store = createS3FileStore({
      endpoint: s3.url,
      region: 'eu-central-1',
      bucket: 'hiwar',
      accessKeyId: 'KEY',
      secretAccessKey: 'SECRET',
    });
    await store.put(NAME, { buffer: Buffer.from('in the bucket') }, { contentType: 'text/plain', size: 13 });
    expect(s3.requests[0]).toMatchObject({ method: 'PUT', url: `/hiwar/${NAME}` });
    expect(s3.requests[0]?.headers['x-amz-content-sha256']).toMatch(/^[a-f0-9]{64}$/);
    expect(await text((await store.get(NAME))!)).toBe('in the bucket');
    expect(await text((await store.get(NAME, { start: 7, end: 12 }))!)).toBe('bucket');
    await store.delete(NAME);
    expect(await store.get(NAME)).toBeNull();
  });
});
