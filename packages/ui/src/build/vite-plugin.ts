import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { Features } from 'lightningcss';
import type { HtmlTagDescriptor, IndexHtmlTransformContext, Plugin } from 'vite';
import { themeBootScript } from '../theme/theme-boot-script.ts';
import { precompressDirectory } from './precompress.ts';

/** Served by the server at runtime (apiUrl, socketUrl…); the copy in `public/` is only a dev default. */
export const RUNTIME_CONFIG_FILE = 'runtime-config.js';
/** The theme boot script as a file of its own: the Content-Security-Policy allows no inline script. */
const THEME_BOOT_FILE = 'theme-boot.js';

/**
 * What every Hiwar SPA's build needs besides React and Tailwind:
 * - the theme boot script first in `<head>` (a blocking `/theme-boot.js`, not inline: the CSP
 *   forbids inline script), so the stored or OS theme applies before paint;
 * - every text file precompressed (`.br`, `.gz`) beside itself;
 * - `public/runtime-config.js` kept out of `dist/`, because in production the server writes that file
 *   per deployment, and a stale default copy next to the bundle could shadow it (or clash with its route);
 * - the build manifest (`.vite/manifest.json`), from which the bundle-size budget finds the chunks each
 *   code-split screen loads (first-load.ts);
 * - `:dir()` kept as written by the CSS minifier: for browsers before `:dir()` it rewrites Tailwind's
 *   `rtl:` selector into `:lang(ar)`, which every element of an Arabic page matches, so a left-to-right
 *   run would be styled as right-to-left (a mirrored arrow). Tailwind's selector also lists `[dir=rtl]`
 *   inside a forgiving `:where()`, which serves those browsers.
 */
export function hiwarAppPlugin(): Plugin {
  let outDir = 'dist';
  /** A server-side build (a renderer the server runs): nothing of it is ever sent to a browser. */
  let ssrBuild = false;
  return {
    name: 'hiwar-app',
    config(_config, env) {
      const css = { lightningcss: { exclude: Features.DirSelector } };
      return env.isSsrBuild ? { css } : { css, build: { manifest: true } };
    },
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      ssrBuild = Boolean(config.build.ssr);
    },
    configureServer(server) {
      server.middlewares.use(`/${THEME_BOOT_FILE}`, (_request, response) => {
        response.setHeader('content-type', 'text/javascript; charset=utf-8');
        response.end(themeBootScript);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: THEME_BOOT_FILE, source: themeBootScript });
    },
    transformIndexHtml(_html, context) {
      return [
        { tag: 'script', attrs: { src: `/${THEME_BOOT_FILE}` }, injectTo: 'head-prepend' },
        ...fontPreloadTags(context.bundle),
      ];
    },
    closeBundle() {
      if (ssrBuild) {
        return;
      }
      rmSync(resolve(outDir, RUNTIME_CONFIG_FILE), { force: true });
      // Served by content negotiation (apps/server static plugins); never compressed per request.
      precompressDirectory(outDir);
    },
  };
}

/** The Cairo files the first paint sets its text in: body text (400) and headings (700). */
const PRELOADED_FONTS = /^assets\/cairo-arabic-(?:400|700)-normal-[\w-]+\.woff2$/;

/**
 * `<link rel="preload" as="font">` for the fonts the first paint needs, found among the build's
 * emitted (hashed) assets: the browser fetches them beside the stylesheet, instead of once the
 * stylesheet has arrived and the first text is laid out (the page's LCP is text). `crossorigin`: fonts
 * are fetched in CORS mode, and a preload made without it would be downloaded a second time. None on
 * the dev server (no bundle) or when the fonts are not in the build.
 */
export function fontPreloadTags(bundle: IndexHtmlTransformContext['bundle']): HtmlTagDescriptor[] {
  return Object.values(bundle ?? {})
    .filter((output) => output.type === 'asset' && PRELOADED_FONTS.test(output.fileName))
    .map((output) => output.fileName)
    .sort()
    .map((fileName) => ({
      tag: 'link',
      attrs: { rel: 'preload', href: `/${fileName}`, as: 'font', type: 'font/woff2', crossorigin: true },
      injectTo: 'head',
    }));
}
