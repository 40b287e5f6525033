import { createContext, type ReactNode, useContext } from 'react';
import type { RuntimeConfig } from '../config.ts';

const AppConfigContext = createContext<RuntimeConfig | null>(null);

export function AppConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}

/** The runtime config of this page load (tests pass their own through `AppProviders`). */
export function useAppConfig(): RuntimeConfig {
  const config = useContext(AppConfigContext);
  if (!config) {
    throw new Error('useAppConfig must be used within AppProviders');
  }
  return config;
}
