import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  brotliSize,
  CHUNK_MODULES_FILE,
  htmlLoadedFiles,
  measureFirstLoad,
  moduleLoadFiles,
  RESPONSE_HEADER_BYTES,
  SERVER_WRITTEN_BYTES,
  type ViteManifest,
} from './first-load.ts';

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, css: ['assets/index-a.css'] },
  'src/routes/home.tsx': { file: 'assets/home-b.js', isDynamicEntry: true, imports: ['_shared-c.js'] },
  '_shared-c.js': { file: 'assets/shared-c.js', imports: ['index.html'], dynamicImports: ['_later-d.js'] },
  '_later-d.js': { file: 'assets/later-d.js' },
};

describe('htmlLoadedFiles', () => {
  it('lists the scripts, module preloads and stylesheets of the page, not other links or origins', () => {
    const html = `<script src="/theme-boot.js"></script>
      <!-- <script src="/commented.js"></script> -->
      <script type="module" src="/assets/index-a.js"></script>
      <link rel="modulepreload" href="/assets/shared-c.js">
      <link rel="stylesheet" href="/assets/index-a.css">
      <link rel="icon" href="/favicon.svg">
      <script src="https://accounts.google.com/gsi/client"></script>`;
    expect(htmlLoadedFiles(html)).toEqual([
      'theme-boot.js',
      'assets/index-a.js',
      'assets/shared-c.js',
      'assets/index-a.css',
    ]);
  });
});

describe('moduleLoadFiles', () => {
  it('follows static imports, not dynamic ones', () => {
    expect(moduleLoadFiles(manifest, ['src/routes/home.tsx'])).toEqual([
      'assets/home-b.js',
      'assets/shared-c.js',
      'assets/index-a.js',
      'assets/index-a.css',
    ]);
  });

  it('finds a module bundled into a shared chunk through the finder', () => {
    const findChunk = (source: string) => (source === 'src/lib/later.ts' ? '_later-d.js' : null);
    expect(moduleLoadFiles(manifest, ['src/lib/later.ts'], findChunk)).toEqual(['assets/later-d.js']);
  });

  it('fails on a module no chunk holds, rather than counting it as nothing', () => {
    expect(() => moduleLoadFiles(manifest, ['src/routes/renamed.tsx'])).toThrow(/not in the build manifest/);
  });
});

describe('measureFirstLoad', () => {
  let dist = '';
  afterEach(() => rmSync(path.dirname(dist), { recursive: true, force: true }));

  it('finds a lazily imported module in a shared chunk by its source map', () => {
    dist = path.join(mkdtempSync(path.join(os.tmpdir(), 'first-load-')), 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, 'index.html'), '<script type="module" src="/assets/index-a.js"></script>');
    writeFileSync(path.join(dist, 'assets/index-a.js'), 'console.log("entry");');
    writeFileSync(path.join(dist, 'assets/later-d.js'), 'export const later = 1;');
    writeFileSync(
      path.join(dist, 'assets/later-d.js.map'),
      JSON.stringify({ version: 3, sources: ['../../src/lib/later.ts'], mappings: '' }),
    );
    writeFileSync(
      path.join(dist, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-a.js', isEntry: true },
        '_later-d.js': { file: 'assets/later-d.js' },
      }),
    );
    const load = measureFirstLoad(dist, { routeModules: ['src/lib/later.ts'] });
    expect(load.files.map((file) => file.file)).toEqual(['assets/index-a.js', 'assets/later-d.js']);
    expect(load.gzip).toBe(load.files.reduce((sum, file) => sum + file.gzip, 0));
  });
});

describe('measureFirstLoad, requests and bytes sent', () => {
  let dist = '';
  afterEach(() => rmSync(path.dirname(dist), { recursive: true, force: true }));

  function build(
    files: Record<string, string>,
    manifest: ViteManifest,
    chunkModules?: Record<string, string[]>,
  ) {
    dist = path.join(mkdtempSync(path.join(os.tmpdir(), 'first-load-')), 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    mkdirSync(path.join(dist, '.vite'));
    for (const [file, content] of Object.entries(files)) {
      writeFileSync(path.join(dist, file), content);
    }
    writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
    if (chunkModules) {
      writeFileSync(path.join(dist, CHUNK_MODULES_FILE), JSON.stringify(chunkModules));
    }
  }

  it('finds a module that only re-exports, in no source map, through the chunks list', () => {
    build(
      {
        'index.html': '<script type="module" src="/assets/index-a.js"></script>',
        'assets/index-a.js': 'console.log("entry");',
        'assets/contract-c.js': 'export const schema = 1;',
      },
      {
        'index.html': { file: 'assets/index-a.js', isEntry: true },
        '_contract-c.js': { file: 'assets/contract-c.js' },
      },
      { 'assets/contract-c.js': ['../../packages/client/src/api/contract-module.ts', 'src/schemas.ts'] },
    );
    const load = measureFirstLoad(dist, {
      routeModules: ['../../packages/client/src/api/contract-module.ts'],
    });
    expect(load.files.map((file) => file.file)).toEqual(['assets/index-a.js', 'assets/contract-c.js']);
  });

  it('counts each request with its headers, the .br twin as sent, a file without one as it is', () => {
    const entry = `export const entry = "${'hiwar '.repeat(400)}";`;
    build(
      {
        'index.html':
          '<script src="/runtime-config.js"></script><script type="module" src="/assets/index-a.js"></script><script src="/theme-boot.js"></script>',
        'assets/index-a.js': entry,
        'assets/index-a.js.br': 'x'.repeat(40),
        'theme-boot.js': 'document.documentElement.dataset.theme = "dark";',
      },
      { 'index.html': { file: 'assets/index-a.js', isEntry: true } },
    );
    const load = measureFirstLoad(dist, { serverWritten: ['runtime-config.js'] });
    expect(load.serverWritten).toEqual(['runtime-config.js']);
    expect(load.requests).toBe(3);
    const [index, boot] = load.files;
    expect(index).toMatchObject({ file: 'assets/index-a.js', precompressed: true, brotli: 40, sent: 40 });
    expect(boot?.precompressed).toBe(false);
    expect(boot?.sent).toBe(boot?.bytes);
    expect(boot?.brotli).toBe(brotliSize('document.documentElement.dataset.theme = "dark";'));
    expect(load.brotli).toBe(40 + (boot?.brotli ?? 0));
    expect(load.transfer).toBe(40 + (boot?.bytes ?? 0) + SERVER_WRITTEN_BYTES + 3 * RESPONSE_HEADER_BYTES);
  });
});
