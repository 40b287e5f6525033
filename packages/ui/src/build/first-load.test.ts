import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { htmlLoadedFiles, measureFirstLoad, moduleLoadFiles, type ViteManifest } from './first-load.ts';

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
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

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
