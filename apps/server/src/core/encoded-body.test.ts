import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD, EncodedBody, preferredCoding } from './encoded-body.ts';

describe('preferredCoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.5', 'br'],
    ['gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0', null],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['deflate;q=0.9, compress', null],
    ['gzip;q=garbage, br;q=', null],
  ] as const)('%j → %s', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });

  it('reads a header sent twice as one list', () => {
    expect(preferredCoding(['identity', 'gzip'])).toBe('gzip');
  });
});

describe('EncodedBody', () => {
  const text = JSON.stringify({
    list: Array.from({ length: 40 }, (_, i) => ({ id: i, name: 'مدرسة إنجليزي' })),
  });

  it('compresses once per coding and decompresses to the same bytes', () => {
    const body = new EncodedBody(text);
    const br = body.for('br');
    expect(br.coding).toBe('br');
    expect(brotliDecompressSync(br.bytes).toString()).toBe(text);
    expect(body.for('br').bytes).toBe(br.bytes);
    const gzip = body.for('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(text);
    expect(body.for(undefined)).toEqual({ coding: null, bytes: body.identity });
    expect(body.text).toBe(text);
  });

  it('leaves a small body as it is whatever the client accepts', () => {
    const small = new EncodedBody('{"list":[],"total":0}');
    expect(small.identity.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(small.for('br, gzip').coding).toBeNull();
  });
});
