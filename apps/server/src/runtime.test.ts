import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};

/**
 * Issue 14: the project runs on a supported Node LTS (24), not on the machine's Node 20 (end of life
 * 2026-04-30). `npm ci` installs Node 24 from the npm registry (the `node` package), and every npm
 * script — `npm start`, `npm test` — runs on it, whatever Node ran npm itself.
 */
describe('the runtime', () => {
  it('is Node 24 or later, as `engines` says', () => {
    const major = Number(process.versions.node.split('.')[0]);
    expect(major).toBeGreaterThanOrEqual(24);
    expect(manifest.engines.node).toMatch(/^>=24/);
    expect(manifest.dependencies.node).toMatch(/^24\./);
  });
});
