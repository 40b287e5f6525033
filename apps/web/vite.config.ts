// A relative import on purpose: Vite bundles relative config imports, while a workspace package's
// TypeScript would be handed to Node as-is and fail to load.

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appRolldownOptions } from '../../packages/ui/src/build/app-bundle.ts';
import { hiwarAppPlugin } from '../../packages/ui/src/build/vite-plugin.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), hiwarAppPlugin()],
  server: { port: 5173 },
  preview: { port: 5173 },
  build: { outDir: 'dist', sourcemap: true, rolldownOptions: appRolldownOptions },
});
