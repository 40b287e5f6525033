import zlib from 'node:zlib';

/** The content codings the server answers with, best first. */
export type ContentCoding = 'br' | 'gzip';

/**
 * The coding to answer a request with, from its `Accept-Encoding`: brotli when accepted, else gzip,
 * else none. A coding listed with `q=0` is refused, as is every unlisted one under `*;q=0`.
 */
export function preferredCoding(acceptEncoding: string | string[] | undefined): ContentCoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  if (header === '') {
    return null;
  }
  // Browsers send a handful of distinct headers: each is read once.
  let coding = codingOfHeader.get(header);
  if (coding === undefined) {
    coding = readAcceptEncoding(header);
    if (codingOfHeader.size >= 256) {
      codingOfHeader.clear();
    }
    codingOfHeader.set(header, coding);
  }
  return coding;
}

const codingOfHeader = new Map<string, ContentCoding | null>();

function readAcceptEncoding(header: string): ContentCoding | null {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    // A weight that does not read as a number refuses the coding: never send what may not be read.
    const q = params.map((param) => /^\s*q\s*=(.*)$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q.trim() || 'x') || 0);
  }
  const wildcard = weights.get('*');
  for (const coding of ['br', 'gzip'] as const) {
    const weight = weights.get(coding) ?? wildcard;
    if (weight !== undefined && weight > 0) {
      return coding;
    }
  }
  return null;
}

/** Bodies under this many bytes leave as they are (as the API's compression does). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * A response body answered many times (a cached page): its UTF-8 bytes made once, and each compressed
 * form made the first time a client asks for it, so no answer encodes or compresses it again.
 */
export class EncodedBody {
  readonly identity: Buffer;
  #br: Buffer | undefined;
  #gzip: Buffer | undefined;

  constructor(text: string) {
    this.identity = Buffer.from(text, 'utf8');
  }

  get text(): string {
    return this.identity.toString('utf8');
  }

  /** The body for a request accepting `acceptEncoding`, and the coding it is in (null: none). */
  for(acceptEncoding: string | string[] | undefined): { coding: ContentCoding | null; bytes: Buffer } {
    const coding = this.identity.length < COMPRESS_THRESHOLD ? null : preferredCoding(acceptEncoding);
    if (coding === 'br') {
      this.#br ??= zlib.brotliCompressSync(this.identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
        },
      });
      return { coding, bytes: this.#br };
    }
    if (coding === 'gzip') {
      this.#gzip ??= zlib.gzipSync(this.identity, { level: 6 });
      return { coding, bytes: this.#gzip };
    }
    return { coding, bytes: this.identity };
  }
}
