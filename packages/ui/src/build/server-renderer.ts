/**
 * The options of an app's server renderer build, `vite build --ssr src/entry-server.tsx` (decision
 * 0034): every dependency bundled into `dist-ssr/entry-server.js`, so a production install needs none
 * of the front end's packages; React's production build whatever NODE_ENV the server runs with; no
 * public folder, source maps or minifying (nothing of it reaches a browser).
 */
export const serverRendererBuild = {
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false as const,
  ssr: { noExternal: true as const, target: 'node' as const },
  build: { outDir: 'dist-ssr', sourcemap: false, emptyOutDir: true, minify: false },
};
