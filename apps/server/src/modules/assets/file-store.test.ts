import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { createLocalFileStore, EMPTY_PAYLOAD_HASH, signS3Request } from './file-store.ts';

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

  it('signs an upload exactly as AWS documents (Signature V4 "PUT Object" example)', () => {
    const body = 'Welcome to Amazon S3.';
    const headers = signS3Request({
      method: 'PUT',
      url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      },
      payloadHash: createHash('sha256').update(body).digest('hex'),
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers['x-amz-content-sha256']).toBe(
      '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, ' +
        'Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });
});
