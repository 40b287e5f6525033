// A relative import on purpose: Vite bundles relative config imports, while a workspace package's
// TypeScript would be handed to Node as-is and fail to load.

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractPlugin } from '../../packages/client/src/build/contract-plugin.ts';
import { appRolldownOptions } from '../../packages/ui/src/build/app-bundle.ts';
import { serverRendererBuild } from '../../packages/ui/src/build/server-renderer.ts';
import { hiwarAppPlugin } from '../../packages/ui/src/build/vite-plugin.ts';

/**
 * Two builds share this config: `vite build`, the browser's app, and `vite build --ssr
 * src/entry-server.tsx`, the renderer the server runs for the public pages (issue 26). The renderer
 * bundles every dependency (React included) into `dist-ssr/entry-server.js`, so a production install
 * needs none of the front end's packages, and React's production build whatever NODE_ENV the server has.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), hiwarAppPlugin(), contractPlugin({ app: 'web' })],
  server: { port: 5173 },
  preview: { port: 5173 },
  ...(isSsrBuild
    ? serverRendererBuild
    : { build: { outDir: 'dist', sourcemap: true, rolldownOptions: appRolldownOptions } }),
}));
