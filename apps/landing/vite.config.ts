// A relative import on purpose: Vite bundles relative config imports, while a workspace package's
// TypeScript would be handed to Node as-is and fail to load.

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { hiwarAppPlugin } from '../../packages/ui/src/build/vite-plugin.ts';

/**
 * Two builds share this config: `vite build` (the hydrating client bundle and the HTML template) and
 * `vite build --ssr src/entry-server.tsx` (the renderer scripts/prerender.ts runs at build time).
 */
export default defineConfig({
  plugins: [react(), tailwindcss(), hiwarAppPlugin()],
  server: { port: 5175 },
  preview: { port: 5175 },
  build: { outDir: 'dist', sourcemap: true },
});
