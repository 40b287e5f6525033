import {
  type ApiClient,
  type ApiClientOptions,
  authorizationFromStore,
  createApiClient,
  createQueryClient,
  createSocketManager,
  createTokenStore,
  type FetchLike,
  getValidToken,
  type IoFactory,
  type SocketManager,
  type TokenStore,
} from '@hiwar/client';
import type { QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '../config.ts';

/** The app's long-lived clients, created once at start-up (and per test with fakes). */
export interface AppServices {
  config: RuntimeConfig;
  queryClient: QueryClient;
  tokenStore: TokenStore;
  api: ApiClient;
  socketManager: SocketManager;
}

export interface AppServiceOverrides {
  tokenStore?: TokenStore;
  fetch?: FetchLike;
  /** Tests pass `null` so uploads go through `fetch` too (happy-dom has no upload progress). */
  createXhr?: ApiClientOptions['createXhr'];
  /** Tests pass `() => null` so no socket connects. */
  getSocketToken?: () => string | null;
  /** Tests pass a fake socket factory to drive server events. */
  io?: IoFactory;
}

export function createAppServices(config: RuntimeConfig, overrides: AppServiceOverrides = {}): AppServices {
  const tokenStore = overrides.tokenStore ?? createTokenStore();
  return {
    config,
    queryClient: createQueryClient(),
    tokenStore,
    api: createApiClient({
      baseUrl: config.apiUrl,
      getAuthorization: authorizationFromStore(tokenStore),
      fetch: overrides.fetch,
      ...(overrides.createXhr !== undefined ? { createXhr: overrides.createXhr } : {}),
    }),
    socketManager: createSocketManager({
      url: () => config.socketUrl,
      getToken: overrides.getSocketToken ?? (() => getValidToken(tokenStore)),
      ...(overrides.io ? { io: overrides.io } : {}),
    }),
  };
}
