import { createContext, type ReactNode, use } from 'react';
import type { RuntimeConfig } from '../config.ts';

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

/** Hands the deployment's addresses to screens (links to the web app, e-mail callback URLs). */
export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext value={config}>{children}</RuntimeConfigContext>;
}

/** The runtime config of the nearest provider; a wiring mistake outside `AppProviders`. */
export function useRuntimeConfig(): RuntimeConfig {
  const config = use(RuntimeConfigContext);
  if (!config) {
    throw new Error('useRuntimeConfig must be used inside <AppProviders>');
  }
  return config;
}
