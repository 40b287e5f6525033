/**
 * The web app rendered on the server (issue 26): the public pages a visitor lands on (`/`, `/tutors`,
 * `/t/:id`) are sent as HTML with their data, so a phone paints the directory's first page from the
 * document instead of after a chain of chunks and requests. The browser then hydrates the same tree
 * (main.tsx) from the data this render embeds.
 *
 * Built by `vite build --ssr` into `dist-ssr/entry-server.js`, everything bundled (React included), so
 * the server loads one file and needs none of the front end's dependencies installed. The API server
 * passes a `fetch` that answers in process (`app.inject`), so the render reads the same routes, caches
 * and rules as the browser does, signed out.
 */
import type { FetchLike } from '@hiwar/client';
import { readRuntimeConfig } from '@hiwar/client/runtime-config';
import { type DehydratedState, dehydrate, type Query } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { AppProviders } from './app-providers.tsx';
import type { RuntimeConfig } from './config.ts';
import { createAppServices } from './lib/app-services.ts';
import { appRoutes } from './routes/app.routes.tsx';
import { SERVER_RENDERED_PAGES, type ServerRenderedPage } from './routes/server-rendered.ts';

/** Where the server writes the page's data: the id main.tsx reads it by. */
export { SERVER_STATE_ELEMENT_ID as stateElementId } from './lib/server-render.ts';
export { SERVER_RENDERED_PAGES };

export interface RenderInput {
  /** The page's path and query, as the browser asked for it. */
  url: string;
  /** What `/runtime-config.js` tells the browser (the API's address: the render uses the same). */
  runtimeConfig: RuntimeConfig;
  /** Answers the API's requests (the server passes one that stays in process). */
  fetch: FetchLike;
  /** Stops waiting for data after this long and renders what has arrived (the rest loads in the browser). */
  dataTimeoutMs?: number;
}

export interface RenderResult {
  /** 200, or 404 when the page's main data does not exist (an unknown tutor). */
  status: number;
  /** The markup of `#root`. */
  html: string;
  /** The query cache the markup was rendered from, for the browser's hydration. */
  state: DehydratedState;
  /** The source module of the page's screen (a key of the Vite manifest), to preload its chunk. */
  module: string | null;
}

/** Rendering again after data arrived reveals queries that depend on it; this many rounds at most. */
const MAX_DATA_ROUNDS = 3;
const DEFAULT_DATA_TIMEOUT_MS = 2_000;

/** The server-rendered page `pathname` is, or null when the browser renders it alone. */
export function serverRenderedPage(pathname: string): ServerRenderedPage | null {
  const leaf = matchRoutes(appRoutes, pathname)?.at(-1)?.route as RouteObject | undefined;
  if (!leaf) {
    return null;
  }
  const path = leaf.index ? '/' : leaf.path;
  return SERVER_RENDERED_PAGES.find((page) => page.path === path) ?? null;
}

/** A query a component asked for that has not been fetched: fetched before the next round. */
function waitsForData(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') {
    return false;
  }
  const enabled = (query.options as { enabled?: unknown }).enabled;
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
}

function withTimeout(work: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    work,
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Renders `input.url` signed out, or returns null when it is not a server-rendered page (the server then
 * sends the plain document). Data: each round renders, fetches what the rendered components asked for,
 * and renders again, until nothing more is asked or the time is up. A request that failed is left to the
 * browser: its query is dropped, so the markup shows it loading, as the browser's first render will.
 */
export async function render(input: RenderInput): Promise<RenderResult | null> {
  const base = new URL(input.url, 'http://server.invalid');
  const page = serverRenderedPage(base.pathname);
  if (!page) {
    return null;
  }
  const handler = createStaticHandler(appRoutes);
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
  const { queryClient } = services;
  // One try: a failed request is left to the browser, which retries as usual.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const tree = () =>
    renderToString(
      <AppProviders services={services}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>,
    );

  const deadline = Date.now() + (input.dataTimeoutMs ?? DEFAULT_DATA_TIMEOUT_MS);
  let html = tree();
  for (let round = 0; round < MAX_DATA_ROUNDS; round += 1) {
    const waiting = queryClient.getQueryCache().getAll().filter(waitsForData);
    const left = deadline - Date.now();
    if (waiting.length === 0 || left <= 0) {
      break;
    }
    await withTimeout(Promise.allSettled(waiting.map((query) => query.fetch())), left);
    html = tree();
  }

  let status = 200;
  const unsettled = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status !== 'success');
  if (unsettled.some((query) => isNotFound(query.state.error) && page.notFoundWhenMissing)) {
    status = 404;
  }
  if (unsettled.length > 0) {
    // Failed or late: the browser asks again; rendered as loading so that its first render matches.
    for (const query of unsettled) {
      queryClient.getQueryCache().remove(query);
    }
    html = tree();
  }
  const state = dehydrate(queryClient);
  queryClient.clear();
  return { status, html, state, module: page.module };
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}
