/**
 * The back office's sign-in screen rendered on the server (issue 26): every staff visit starts there,
 * often on a phone, and it needs no data, so the server sends the form as HTML and the browser hydrates
 * it (main.tsx) when its chunk has arrived, instead of painting nothing until then.
 *
 * Built by `vite build --ssr` into `dist-ssr/entry-server.js`, every dependency bundled in; the server
 * (apps/server/src/plugins/server-render.ts) calls `render` for each page it would answer with the bare
 * document, and sends that document when `render` answers null.
 */
import type { FetchLike } from '@hiwar/client';
import { readRuntimeConfig } from '@hiwar/client/runtime-config';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app-providers.tsx';
import type { RuntimeConfig } from './config.ts';
import { createAppServices } from './lib/app-services.ts';
import { adminRoutes } from './routes/admin.routes.tsx';

/** The pages rendered on the server, with the source module of each screen (preloaded beside the entry). */
export const SERVER_RENDERED_PAGES: Readonly<Record<string, string>> = {
  '/login': 'src/routes/pages/login.page.tsx',
};

export interface RenderInput {
  url: string;
  runtimeConfig: RuntimeConfig;
  fetch: FetchLike;
}

/**
 * Renders a page of SERVER_RENDERED_PAGES signed out, or null for any other: the form itself, not the
 * loading spinner.
 */
export async function render(input: RenderInput) {
  const base = new URL(input.url, 'http://server.invalid');
  const module = SERVER_RENDERED_PAGES[base.pathname];
  if (!module) {
    return null;
  }
  const handler = createStaticHandler(adminRoutes);
  const context = await handler.query(new Request(base.href));
  if (context instanceof Response) {
    return null;
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const services = createAppServices(readRuntimeConfig(input.runtimeConfig), {
    fetch: input.fetch,
    createXhr: null,
    getSocketToken: () => null,
  });
  const tree = () =>
    renderToString(
      <AppProviders services={services}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>,
    );
  // The screen is a lazily loaded component: the first render of a process starts loading it and shows
  // the spinner (a boundary left to the browser, `<!--$!-->`); once its module is here, it renders.
  let html = tree();
  for (let attempt = 0; attempt < 20 && html.includes('<!--$!-->'); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, attempt === 0 ? 0 : 10));
    html = tree();
  }
  return { status: 200, html, module };
}
