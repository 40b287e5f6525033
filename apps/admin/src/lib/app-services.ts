import {
  type ApiClient,
  authorizationFromStore,
  createApiClient,
  createQueryClient,
  createTokenStore,
  type FetchLike,
  isApiError,
  isHttpError,
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
}

/** Replacements for tests: a fake `fetch` at the network boundary, a token store with a fixed clock. */
export interface AppServiceOverrides {
  tokenStore?: TokenStore;
  fetch?: FetchLike;
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
      ...(overrides.fetch ? { fetch: overrides.fetch, createXhr: null } : {}),
    }),
  };
}
