import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { themeBootScript } from '../theme/theme-boot-script.ts';

/** Served by the server at runtime (apiUrl, socketUrl…); the copy in `public/` is only a dev default. */
const RUNTIME_CONFIG_FILE = 'runtime-config.js';

/**
 * What every Hiwar SPA's build needs besides React and Tailwind:
 * - the theme boot script inlined first in `<head>`, so the stored or OS theme applies before paint;
 * - `public/runtime-config.js` kept out of `dist/`, because in production the server writes that file
 *   per deployment, and a stale default copy next to the bundle could shadow it (or clash with its route).
 */
export function hiwarAppPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'hiwar-app',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml() {
      return [{ tag: 'script', children: themeBootScript, injectTo: 'head-prepend' }];
    },
    closeBundle() {
      rmSync(resolve(outDir, RUNTIME_CONFIG_FILE), { force: true });
    },
  };
}
