import {
  type ApiClient,
  authorizationFromStore,
  createApiClient,
  createQueryClient,
  createTokenStore,
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

export function createAppServices(config: RuntimeConfig): AppServices {
  const tokenStore = createTokenStore();
  return {
    config,
    queryClient: createQueryClient(),
    tokenStore,
    api: createApiClient({ baseUrl: config.apiUrl, getAuthorization: authorizationFromStore(tokenStore) }),
  };
}
