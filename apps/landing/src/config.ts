import { type RuntimeConfig, readRuntimeConfig } from '@hiwar/client/runtime-config';
import { useSyncExternalStore } from 'react';

export { type RuntimeConfig, readRuntimeConfig };

let clientConfig: RuntimeConfig | null = null;
/** Read once on the client; a stable object for `useSyncExternalStore`. */
function getClientConfig(): RuntimeConfig {
  clientConfig ??= readRuntimeConfig();
  return clientConfig;
}

/**
 * What prerendering uses: no window, so no runtime config. Links to the web app are then relative, and
 * become absolute as soon as the page hydrates in a browser that loaded /runtime-config.js.
 */
const PRERENDER_CONFIG: RuntimeConfig = {
  apiUrl: '',
  socketUrl: '',
  appServer: 'local',
  webUrl: '',
  adminUrl: '',
  landingUrl: '',
  googleClientId: null,
  telegramBotUrl: null,
};

const subscribeNever = () => () => {};

/**
 * The runtime config, hydration-safe: the prerender value while React hydrates (so the markup matches
 * the static HTML), then the browser's.
 */
export function useRuntimeConfig(): RuntimeConfig {
  return useSyncExternalStore(subscribeNever, getClientConfig, () => PRERENDER_CONFIG);
}
