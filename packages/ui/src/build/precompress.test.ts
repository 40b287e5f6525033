// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) {
    rmSync(root, { recursive: true, force: true });
  }
});

/** Text that compresses like a bundle: repetitive, yet different from file to file. */
function text(seed: number, bytes: number): string {
  const lines: string[] = [];
  for (let line = 0; lines.join('\n').length < bytes; line += 1) {
    lines.push(
      `export const value${seed}_${line} = { id: ${(seed * 7919 + line * 104729) % 100_003}, name: "n${line}" };`,
    );
  }
  return lines.join('\n');
}

function builtApp(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'hiwar-precompress-'));
  roots.push(root);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  return root;
}

const brotli = (source: Buffer, quality: number) =>
  brotliCompressSync(source, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });

describe('precompressDirectory', () => {
  it('writes a .br and a .gz twin of every text file, over several threads when there is much', () => {
    const files: Record<string, string> = {
      'index.html': `<!doctype html>${text(0, 2000)}`,
      'favicon.png': text(1, 4000),
      'small.js': 'export {};',
      'small.txt': 'a few words',
    };
    for (let index = 0; index < 24; index += 1) {
      files[`assets/chunk-${index}.js`] = text(index + 2, 12_000);
      files[`assets/chunk-${index}.js.map`] = JSON.stringify({ mappings: text(index + 100, 8000) });
    }
    const root = builtApp(files);

    // index.html, the small script and 24 chunks with their maps; not the picture, nor the text
    // file under 1 KB (code is compressed whatever its size).
    expect(precompressDirectory(root)).toBe(50);
    for (const name of Object.keys(files)) {
      const file = path.join(root, name);
      const compressed = !(name.endsWith('.png') || name === 'small.txt');
      expect([existsSync(`${file}.br`), existsSync(`${file}.gz`)]).toEqual([compressed, compressed]);
      if (compressed) {
        const source = readFileSync(file);
        expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(source)).toBe(true);
        expect(gunzipSync(readFileSync(`${file}.gz`)).equals(source)).toBe(true);
      }
    }
  });

  it('compresses what browsers download at the best quality and source maps at a fast one', () => {
    const root = builtApp({ 'app.js': text(1, 20_000), 'app.js.map': text(2, 20_000) });
    expect(precompressDirectory(root)).toBe(2);
    const script = readFileSync(path.join(root, 'app.js'));
    expect(readFileSync(path.join(root, 'app.js.br')).equals(brotli(script, 11))).toBe(true);
    expect(readFileSync(path.join(root, 'app.js.gz')).equals(gzipSync(script, { level: 9 }))).toBe(true);
    const map = readFileSync(path.join(root, 'app.js.map'));
    expect(readFileSync(path.join(root, 'app.js.map.br')).equals(brotli(map, 5))).toBe(true);
    expect(readFileSync(path.join(root, 'app.js.map.gz')).equals(gzipSync(map, { level: 6 }))).toBe(true);
  });
});
