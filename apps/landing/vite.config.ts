// A relative import on purpose: Vite bundles relative config imports, while a workspace package's
// TypeScript would be handed to Node as-is and fail to load.

import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { contractPlugin } from '../../packages/client/src/build/contract-plugin.ts';
import { hiwarAppPlugin } from '../../packages/ui/src/build/vite-plugin.ts';
import { landingDevPlugin } from './scripts/dev-server.ts';
import { PAGE_ISLANDS } from './scripts/page-document.ts';

/**
 * Two builds share this config: `vite build`, the browser's part (the stylesheet, `site.ts` and the
 * page islands: plain scripts, no React), and `vite build --ssr src/entry-server.tsx`, the renderer
 * scripts/prerender.ts runs at build time to write every page as HTML.
 *
 * The browser build tells the bundler that modules have no side effects on import (only stylesheets
 * do) and that building zod schemas is pure: islands import a few plain functions from packages whose
 * modules also define schemas, and those schemas (and zod) must not follow them into the bundle.
 * src/site.test.ts fails if zod or React ever reaches a browser chunk.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), hiwarAppPlugin(), contractPlugin(), landingDevPlugin()],
  server: { port: 5175 },
  build: isSsrBuild
    ? { outDir: '.tmp/ssr', sourcemap: false }
    : {
        outDir: 'dist',
        sourcemap: true,
        manifest: true,
        modulePreload: { polyfill: false },
        rolldownOptions: {
          input: {
            site: 'index.html',
            ...Object.fromEntries(
              Object.entries(PAGE_ISLANDS).map(([name, island]) => [name, island.source]),
            ),
          },
          treeshake: {
            moduleSideEffects: (id: string) => /\.css($|\?)/.test(id),
            propertyReadSideEffects: false,
            manualPureFunctions: ['z', 'Object.freeze', 'deepFreeze', 'enumValues'],
          },
        },
      },
}));
