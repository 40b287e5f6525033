import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What is worth compressing: text. Pictures, fonts (woff2) and videos are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/;
/** Below this, the headers outweigh the saving. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, best) and `file.gz` (gzip, best) beside every compressible file of a
 * built app, so the server sends the smallest encoding the browser accepts without compressing on
 * every request (issue 16). Returns how many files it compressed.
 */
export function precompressDirectory(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    const stat = statSync(file);
    if (stat.isDirectory()) {
      count += precompressDirectory(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry) || stat.size < MIN_BYTES) {
      continue;
    }
    const source = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
    count += 1;
  }
  return count;
}
