import { createContext, type ReactNode, useContext } from 'react';
import type { ApiClient } from '../api-client.ts';

const ApiClientContext = createContext<ApiClient | null>(null);

/**
 * Makes the app's ApiClient available to the endpoint hooks. `SessionProvider` already provides its
 * client, so apps only need this for trees rendered without a session (tests of a single widget).
 */
export function ApiClientProvider({ client, children }: { client: ApiClient; children?: ReactNode }) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

/** The ApiClient of the nearest `SessionProvider` / `ApiClientProvider`; a developer error outside them. */
export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) {
    throw new Error('useApiClient must be used within SessionProvider or ApiClientProvider');
  }
  return client;
}
