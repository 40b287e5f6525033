import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

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

export type SizedFile = { file: string; bytes: number; gzip: number };
export type FirstLoad = { files: SizedFile[]; bytes: number; gzip: number };

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

/** gzip at level 9, as the build's precompressed `.gz` twins (precompress.ts) are written. */
export function gzipSize(content: Buffer | string): number {
  return gzipSync(content, { level: 9 }).length;
}

export type FirstLoadOptions = {
  /** Modules (manifest keys, e.g. `src/routes/pages/login.page.tsx`) the router loads for the screen. */
  routeModules?: readonly string[];
  /** Files the page references that the server writes, not the build (`runtime-config.js`). */
  serverWritten?: readonly string[];
};

/**
 * The JavaScript and CSS the first screen of a built app downloads: what its `index.html` loads, plus
 * the lazily loaded route modules of that screen with their static imports, each file measured as
 * gzip level 9. A referenced file missing from the build is an error, not a zero.
 */
export function measureFirstLoad(distDir: string, options: FirstLoadOptions = {}): FirstLoad {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const serverWritten = new Set(options.serverWritten ?? []);
  const files = htmlLoadedFiles(html).filter((file) => !serverWritten.has(file));
  const routeModules = options.routeModules ?? [];
  if (routeModules.length > 0) {
    const manifestFile = path.join(distDir, MANIFEST_FILE);
    if (!existsSync(manifestFile)) {
      throw new Error(`${manifestFile} is missing: the build must set build.manifest`);
    }
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest;
    for (const file of moduleLoadFiles(manifest, routeModules, sourceMapChunkFinder(distDir, manifest))) {
      if (!files.includes(file)) {
        files.push(file);
      }
    }
  }
  const sized = files.map((file): SizedFile => {
    const full = path.join(distDir, file);
    if (!existsSync(full)) {
      throw new Error(`${file} is referenced by the first load but missing from ${distDir}`);
    }
    const content = readFileSync(full);
    return { file, bytes: content.length, gzip: gzipSize(content) };
  });
  return {
    files: sized,
    bytes: sized.reduce((sum, file) => sum + file.bytes, 0),
    gzip: sized.reduce((sum, file) => sum + file.gzip, 0),
  };
}
