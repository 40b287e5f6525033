import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What is worth compressing: text. Pictures, fonts (woff2) and videos are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/;
/** Below this, the headers outweigh the saving: such a file is sent as it is, unless it is code. */
const MIN_BYTES = 1024;
/**
 * Scripts and stylesheets are compressed whatever their size (issue 26: no chunk of a first screen
 * leaves uncompressed; the bundler's runtime chunk and the theme's boot script are under 1 KB).
 */
const ALWAYS = /\.(js|mjs|css)$/;
/** Below this much to compress in all, starting threads costs more than it saves. */
const PARALLEL_MIN_BYTES = 256 * 1024;
/** Extra threads at most, besides the caller's own. */
const MAX_EXTRA_THREADS = 3;
/** How long a file may stay with a worker before this thread compresses it instead. */
const STUCK_MS = 5 * 60_000;

/**
 * The qualities: what a browser downloads gets the best (brotli 11, gzip 9); source maps, which only
 * the developer tools fetch, get brotli 5 and gzip 6: within 15 % of the best size for a
 * fortieth of the time (brotli 11 on the web app's 8 MB of maps took 12 s of the build's 16 s).
 */
const QUALITY = {
  asset: { brotli: constants.BROTLI_MAX_QUALITY, gzip: 9 },
  sourceMap: { brotli: 5, gzip: 6 },
} as const;

/** Writes `file.br` and `file.gz` beside `file`. The worker threads run the same steps (WORKER_SOURCE). */
function compressFile(file: string): void {
  const source = readFileSync(file);
  const quality = file.endsWith('.map') ? QUALITY.sourceMap : QUALITY.asset;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality.brotli,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(source, { level: quality.gzip }));
}

/** Per file, in the shared state array: not taken yet, being compressed, written. */
const FREE = 0;
const TAKEN = 1;
const DONE = 2;

/**
 * A worker thread's loop (plain JavaScript, run from this string: this module is bundled into Vite's
 * config, so it has no file a worker could load). It takes the next free file, compresses it as
 * `compressFile` does, marks it done and wakes the caller; a file it fails on goes back to free, for
 * the caller to compress (and report the error) itself.
 */
const WORKER_SOURCE = `
const { readFileSync, writeFileSync } = require('node:fs');
const { brotliCompressSync, constants, gzipSync } = require('node:zlib');
const { workerData } = require('node:worker_threads');
const { files, quality } = workerData;
const state = new Int32Array(workerData.state);
const next = new Int32Array(workerData.next);
for (let index = Atomics.add(next, 0, 1); index < files.length; index = Atomics.add(next, 0, 1)) {
  if (Atomics.compareExchange(state, index, ${FREE}, ${TAKEN}) !== ${FREE}) continue;
  try {
    const file = files[index];
    const source = readFileSync(file);
    const q = file.endsWith('.map') ? quality.sourceMap : quality.asset;
    writeFileSync(file + '.br', brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: q.brotli, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    }));
    writeFileSync(file + '.gz', gzipSync(source, { level: q.gzip }));
    Atomics.store(state, index, ${DONE});
  } catch {
    Atomics.store(state, index, ${FREE});
  }
  Atomics.notify(state, index);
}
`;

function compressibleFiles(dir: string, into: Array<{ file: string; size: number }> = []) {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    const stat = statSync(file);
    if (stat.isDirectory()) {
      compressibleFiles(file, into);
    } else if (COMPRESSIBLE.test(entry) && (stat.size >= MIN_BYTES || ALWAYS.test(entry))) {
      into.push({ file, size: stat.size });
    }
  }
  return into;
}

/**
 * Writes `file.br` (brotli) and `file.gz` (gzip) beside every compressible file of a built app, so
 * the server sends the smallest encoding the browser accepts without compressing on every request
 * (issue 16). Returns how many files it compressed.
 *
 * Synchronous (a Vite hook and tests call it so), yet spread over the machine's cores: worker threads
 * and this thread take files from one shared list, largest first, and this thread waits for the
 * workers' last files. Whatever a worker does not finish (it failed, or never started), this thread
 * compresses itself.
 */
export function precompressDirectory(dir: string): number {
  const found = compressibleFiles(dir).sort((a, b) => b.size - a.size);
  const files = found.map((entry) => entry.file);
  const bytes = found.reduce((sum, entry) => sum + entry.size, 0);
  const extraThreads =
    bytes < PARALLEL_MIN_BYTES
      ? 0
      : Math.min(MAX_EXTRA_THREADS, availableParallelism() - 1, files.length - 1);
  if (extraThreads <= 0) {
    for (const file of files) {
      compressFile(file);
    }
    return files.length;
  }
  const state = new Int32Array(new SharedArrayBuffer(4 * files.length));
  const next = new Int32Array(new SharedArrayBuffer(4));
  for (let thread = 0; thread < extraThreads; thread += 1) {
    const workerData = { files, quality: QUALITY, state: state.buffer, next: next.buffer };
    new Worker(WORKER_SOURCE, { eval: true, workerData }).unref();
  }
  // This thread takes its share first, then waits on each file still being compressed elsewhere; a
  // file left free (its worker failed on it) it compresses itself, so an error is thrown from here.
  for (let index = Atomics.add(next, 0, 1); index < files.length; index = Atomics.add(next, 0, 1)) {
    if (Atomics.compareExchange(state, index, FREE, TAKEN) === FREE) {
      compressFile(files[index] as string);
      Atomics.store(state, index, DONE);
    }
  }
  for (let index = 0; index < files.length; index += 1) {
    // A worker that died on a file (it cannot be asked) leaves it taken: after long enough, done here.
    const deadline = Date.now() + STUCK_MS;
    while (Atomics.load(state, index) === TAKEN && Date.now() < deadline) {
      Atomics.wait(state, index, TAKEN, 1000);
    }
    if (Atomics.exchange(state, index, DONE) !== DONE) {
      compressFile(files[index] as string);
    }
  }
  return files.length;
}
