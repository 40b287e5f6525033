import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One entry of Vite's `.vite/manifest.json` (`build.manifest`), keyed by source path. */
export type ManifestChunk = {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type ViteManifest = Record<string, ManifestChunk>;

/** Where Vite writes the manifest inside a build (`build.manifest: true`). */
export const MANIFEST_FILE = '.vite/manifest.json';
/**
 * Where the build lists the source modules of each chunk (`chunkModulesPlugin` in app-bundle.ts):
 * `{ "assets/contract-a1.js": ["../../packages/client/src/api/contract-module.ts", …] }`, paths
 * relative to the app like the manifest's keys.
 */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

export type SizedFile = {
  file: string;
  /** As built (minified). */
  bytes: number;
  /** gzip level 9. */
  gzip: number;
  /** brotli at its best quality, as the build's `.br` twins are written (precompress.ts). */
  brotli: number;
  /** Whether the build has the file's `.br` twin: the server sends it brotli-encoded, else as it is. */
  precompressed: boolean;
  /** The body the server sends to a browser accepting brotli: the `.br` twin, or the file itself. */
  sent: number;
};

export type FirstLoad = {
  files: SizedFile[];
  /** Files the page loads that the server writes (`runtime-config.js`): requests, not build output. */
  serverWritten: string[];
  bytes: number;
  gzip: number;
  brotli: number;
  /** JavaScript and CSS requests: the files and the server-written scripts. */
  requests: number;
  /**
   * Bytes over the wire: each file's body as sent ({@link SizedFile.sent}), each server-written script
   * as {@link SERVER_WRITTEN_BYTES}, and {@link RESPONSE_HEADER_BYTES} of headers per request.
   */
  transfer: number;
};

/**
 * The response headers of one static file, as the server sends them over HTTP/1.1 (status line,
 * caching, the security headers a file needs): 596–600 bytes measured on 2026-12-07 for the local
 * server's JavaScript files, once a file no longer carried the page's policy (1,239–1,241 before);
 * 507–523 bytes once a file cached for good no longer carried validators (`etag`, `last-modified`).
 * Counted per request so that a split into small chunks costs what it costs. The first-load budget
 * test checks the real server against it.
 */
export const RESPONSE_HEADER_BYTES = 540;
/** The body of a server-written script (`runtime-config.js`: 267 bytes locally, longer addresses in production). */
export const SERVER_WRITTEN_BYTES = 400;

const TAG = /<(script|link)\b([^>]*)>/gi;
const ATTRIBUTE = /([a-z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    attributes.set((match[1] ?? '').toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** A same-origin URL as a path inside the build (`/assets/a.js` → `assets/a.js`); null for other origins. */
function buildPath(url: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) {
    return null;
  }
  return url.replace(/^\.?\//, '').split(/[?#]/)[0] ?? null;
}

/**
 * What `index.html` makes the browser fetch before the app renders: every script (module or classic),
 * every modulepreload and every stylesheet of the page's own origin, in document order, once each.
 */
export function htmlLoadedFiles(html: string): string[] {
  const files: string[] = [];
  for (const match of html.replace(/<!--[\s\S]*?-->/g, '').matchAll(TAG)) {
    const attributes = attributesOf(match[2] ?? '');
    const tag = (match[1] ?? '').toLowerCase();
    const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
    const url =
      tag === 'script'
        ? attributes.get('src')
        : rel.includes('stylesheet') || rel.includes('modulepreload')
          ? attributes.get('href')
          : undefined;
    const file = url ? buildPath(url) : null;
    if (file && !files.includes(file)) {
      files.push(file);
    }
  }
  return files;
}

/**
 * Finds the chunk a source module was bundled into. A module imported lazily usually is a chunk of its
 * own (a manifest key); when the bundler puts it into a chunk it shares with other modules, the
 * chunks' source maps tell which one. `null` when no chunk holds it (or it is in the entry chunk).
 */
export type ChunkFinder = (source: string) => string | null;

/**
 * The files a lazily loaded module brings when it is imported: its chunk, every chunk it imports
 * statically (transitively; dynamic imports load later, on demand) and their stylesheets. A source
 * that is not a manifest key is looked up with `findChunk`.
 */
export function moduleLoadFiles(
  manifest: ViteManifest,
  sources: readonly string[],
  findChunk: ChunkFinder = () => null,
): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) {
      return;
    }
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) {
      throw new Error(`${key} is not in the build manifest (renamed or no longer a chunk of its own?)`);
    }
    for (const file of [chunk.file, ...(chunk.css ?? [])]) {
      if (!files.includes(file)) {
        files.push(file);
      }
    }
    for (const imported of chunk.imports ?? []) {
      visit(imported);
    }
  };
  for (const source of sources) {
    visit(manifest[source] ? source : (findChunk(source) ?? source));
  }
  return files;
}

/**
 * A {@link ChunkFinder} over a build's source maps: the manifest key of the chunk whose map lists the
 * source (manifest keys are relative to the app's root, one folder above `dist/`).
 */
export function sourceMapChunkFinder(distDir: string, manifest: ViteManifest): ChunkFinder {
  const appRoot = path.dirname(distDir);
  let chunkOfSource: Map<string, string> | null = null;
  return (source) => {
    if (!chunkOfSource) {
      chunkOfSource = new Map();
      for (const [key, chunk] of Object.entries(manifest)) {
        const mapFile = path.join(distDir, `${chunk.file}.map`);
        if (!existsSync(mapFile)) {
          continue;
        }
        const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; sourceRoot?: string };
        const base = path.resolve(path.dirname(mapFile), map.sourceRoot ?? '');
        for (const mapped of map.sources) {
          chunkOfSource.set(path.resolve(base, mapped), key);
        }
      }
    }
    return chunkOfSource.get(path.resolve(appRoot, source)) ?? null;
  };
}

/**
 * A {@link ChunkFinder} over the build's {@link CHUNK_MODULES_FILE}: the manifest key of the chunk that
 * holds the source, whether or not the module left code of its own (a module that only re-exports is in
 * no source map). Falls back to the source maps for a build without that file.
 */
export function buildChunkFinder(distDir: string, manifest: ViteManifest): ChunkFinder {
  const listFile = path.join(distDir, CHUNK_MODULES_FILE);
  if (!existsSync(listFile)) {
    return sourceMapChunkFinder(distDir, manifest);
  }
  const appRoot = path.dirname(distDir);
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const chunkOfSource = new Map<string, string>();
  const chunks = JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, string[]>;
  for (const [file, sources] of Object.entries(chunks)) {
    const key = keyOfFile.get(file);
    for (const source of key ? sources : []) {
      chunkOfSource.set(path.resolve(appRoot, source), key as string);
    }
  }
  return (source) => chunkOfSource.get(path.resolve(appRoot, source)) ?? null;
}

/** gzip at level 9, as the build's precompressed `.gz` twins (precompress.ts) are written. */
export function gzipSize(content: Buffer | string): number {
  return gzipSync(content, { level: 9 }).length;
}

/** brotli at its best quality with the size hint, as the build's `.br` twins (precompress.ts) are written. */
export function brotliSize(content: Buffer | string): number {
  const length = typeof content === 'string' ? Buffer.byteLength(content) : content.length;
  return brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: length,
    },
  }).length;
}

/** A built file's sizes: from its `.br` twin when the build wrote one (the same compression), else computed. */
export function sizeFile(distDir: string, file: string): SizedFile {
  const full = path.join(distDir, file);
  if (!existsSync(full)) {
    throw new Error(`${file} is referenced by the first load but missing from ${distDir}`);
  }
  const content = readFileSync(full);
  const twin = `${full}.br`;
  const precompressed = existsSync(twin);
  const brotli = precompressed ? statSync(twin).size : brotliSize(content);
  return {
    file,
    bytes: content.length,
    gzip: gzipSize(content),
    brotli,
    precompressed,
    sent: precompressed ? brotli : content.length,
  };
}

export type FirstLoadOptions = {
  /** Modules (manifest keys, e.g. `src/routes/pages/login.page.tsx`) the router loads for the screen. */
  routeModules?: readonly string[];
  /** Files the page references that the server writes, not the build (`runtime-config.js`). */
  serverWritten?: readonly string[];
  /**
   * Files the page references that the server writes into the page itself when it sends it (the
   * single-page apps' `runtime-config.js`, a JSON data block in their pages): no request.
   */
  serverInlined?: readonly string[];
};

/**
 * The JavaScript and CSS the first screen of a built app downloads: what its `index.html` loads, plus
 * the lazily loaded route modules of that screen with their static imports, each file measured as
 * gzip level 9 and brotli, and as sent. A referenced file missing from the build is an error, not a zero.
 */
export function measureFirstLoad(distDir: string, options: FirstLoadOptions = {}): FirstLoad {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const serverWritten = new Set(options.serverWritten ?? []);
  const inlined = new Set(options.serverInlined ?? []);
  const loaded = htmlLoadedFiles(html).filter((file) => !inlined.has(file));
  const files = loaded.filter((file) => !serverWritten.has(file));
  const routeModules = options.routeModules ?? [];
  if (routeModules.length > 0) {
    const manifestFile = path.join(distDir, MANIFEST_FILE);
    if (!existsSync(manifestFile)) {
      throw new Error(`${manifestFile} is missing: the build must set build.manifest`);
    }
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest;
    for (const file of moduleLoadFiles(manifest, routeModules, buildChunkFinder(distDir, manifest))) {
      if (!files.includes(file)) {
        files.push(file);
      }
    }
  }
  const sized = files.map((file) => sizeFile(distDir, file));
  const written = loaded.filter((file) => serverWritten.has(file));
  const sum = (size: (file: SizedFile) => number) => sized.reduce((total, file) => total + size(file), 0);
  const requests = sized.length + written.length;
  return {
    files: sized,
    serverWritten: written,
    bytes: sum((file) => file.bytes),
    gzip: sum((file) => file.gzip),
    brotli: sum((file) => file.brotli),
    requests,
    transfer:
      sum((file) => file.sent) + written.length * SERVER_WRITTEN_BYTES + requests * RESPONSE_HEADER_BYTES,
  };
}
