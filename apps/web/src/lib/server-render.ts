import type { DehydratedState, Query, QueryClient } from '@tanstack/react-query';
import { hydrate } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';

/** The id of the `<script type="application/json">` the server writes its render's data into. */
export const SERVER_STATE_ELEMENT_ID = 'hiwar-state';

/**
 * Data the server rendered the page from stays fresh this long after the page loaded: the browser
 * does not ask for it again at once (it was read a moment ago, and asking again would fetch the API
 * contract's chunks on the first screen). Realtime invalidations and later visits refresh it as usual.
 */
export const SERVER_DATA_FRESH_MS = 60_000;

/** The server's render data in this document, or null (a page the browser renders alone). */
export function readServerState(doc: Document = document): DehydratedState | null {
  const element = doc.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) {
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    const queries = (parsed as { queries?: unknown } | null)?.queries;
    return Array.isArray(queries) ? (parsed as DehydratedState) : null;
  } catch {
    return null;
  }
}

/**
 * Puts the server's data into the query cache, dated now (the server's clock may differ), and keeps
 * it fresh for SERVER_DATA_FRESH_MS: other queries keep the client's default (stale at once).
 */
export function hydrateServerState(client: QueryClient, state: DehydratedState, now = Date.now()): void {
  const served = new WeakMap<Query, number>();
  hydrate(client, {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: now },
    })),
  });
  for (const query of state.queries) {
    const cached = client.getQueryCache().get(query.queryHash);
    if (cached) {
      served.set(cached, now);
    }
  }
  const defaults = client.getDefaultOptions();
  const fallback = defaults.queries?.staleTime;
  client.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      staleTime: (query) =>
        served.get(query) === query.state.dataUpdatedAt
          ? SERVER_DATA_FRESH_MS
          : typeof fallback === 'function'
            ? fallback(query)
            : (fallback ?? 0),
    },
  });
}

/**
 * Loads the code of the routes `location` matches before hydration (React Router's lazy routes): the
 * first render must be the screen the server rendered, not the loading fallback.
 */
export async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const lazy = (matchRoutes(routes, pathname) ?? [])
    .map((match) => match.route)
    .filter((route) => typeof route.lazy === 'function');
  await Promise.all(
    lazy.map(async (route) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      const resolved = await load();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}
