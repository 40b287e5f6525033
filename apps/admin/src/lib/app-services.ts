import {
  type ApiClient,
  type ApiClientOptions,
  authorizationFromStore,
  createApiClient,
  createQueryClient,
  createTokenStore,
  type FetchLike,
  getValidToken,
  type IoFactory,
  isApiError,
  isHttpError,
  type SocketManagerOptions,
  type TokenStore,
} from '@hiwar/client';
import type { QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '../config.ts';

/** The back office's long-lived clients, created once at start-up. Screens add the socket when they need it. */
export interface AppServices {
  config: RuntimeConfig;
  queryClient: QueryClient;
  tokenStore: TokenStore;
  api: ApiClient;
  /**
   * How to open the realtime connection. Only screens with live data connect (`LiveUpdates`), so the
   * socket client stays out of the first download and no connection idles behind other screens.
   */
  socket: SocketManagerOptions;
}

/** Replacements for tests: a fake `fetch` at the network boundary, a token store with a fixed clock. */
export interface AppServiceOverrides {
  tokenStore?: TokenStore;
  fetch?: FetchLike;
  /** Tests pass a fake `XMLHttpRequest` to drive upload progress (with `fetch`, uploads have none). */
  createXhr?: ApiClientOptions['createXhr'];
  /** Tests pass `() => null` so no socket connects. */
  getSocketToken?: () => string | null;
  /** Tests pass a fake socket factory to play server events. */
  io?: IoFactory;
}

/**
 * Queries retry once (spec §7), except when the server has answered with a 4xx: `user-not-found`,
 * `forbidden` or a validation code will not change on a second try, and the screen should say so at once.
 */
export function retryOnce(failureCount: number, error: unknown): boolean {
  const status = isApiError(error) || isHttpError(error) ? error.status : null;
  return failureCount < 1 && (status === null || status >= 500);
}

export function createAppServices(config: RuntimeConfig, overrides: AppServiceOverrides = {}): AppServices {
  const tokenStore = overrides.tokenStore ?? createTokenStore();
  return {
    config,
    queryClient: createQueryClient({ defaultOptions: { queries: { retry: retryOnce } } }),
    tokenStore,
    api: createApiClient({
      baseUrl: config.apiUrl,
      getAuthorization: authorizationFromStore(tokenStore),
      ...(overrides.fetch ? { fetch: overrides.fetch, createXhr: overrides.createXhr ?? null } : {}),
    }),
    socket: {
      url: () => config.socketUrl,
      getToken: overrides.getSocketToken ?? (() => getValidToken(tokenStore)),
      ...(overrides.io ? { io: overrides.io } : {}),
    },
  };
}
