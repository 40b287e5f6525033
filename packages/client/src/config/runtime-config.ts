import { APP_SERVERS, type AppServer, RUNTIME_CONFIG_ELEMENT_ID } from '@hiwar/domain';

/** Addresses the server writes into `/runtime-config.js` per deployment (one build, many environments). */
export interface RuntimeConfig {
  apiUrl: string;
  socketUrl: string;
  appServer: AppServer;
  webUrl: string;
  adminUrl: string;
  landingUrl: string;
  /** Google Identity Services client id; `null` hides Google sign-in (and its script is never loaded). */
  googleClientId: string | null;
  /** The Telegram bot's `https://t.me/…` address, where a user links their number; `null` without a bot. */
  telegramBotUrl: string | null;
}

declare global {
  interface Window {
    __HIWAR_CONFIG__?: Partial<Record<keyof RuntimeConfig, unknown>>;
  }
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.replace(/\/+$/, '') : fallback;
}

/**
 * The config the page carries: the JSON data block the server writes into the pages it sends (never
 * run, so the Content-Security-Policy needs nothing for it), else `window.__HIWAR_CONFIG__` from
 * `/runtime-config.js` (the dev server's file, or a page the server did not write).
 */
function pageConfig(): Window['__HIWAR_CONFIG__'] {
  const block = globalThis.document?.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  if (block?.textContent) {
    try {
      const value: unknown = JSON.parse(block.textContent);
      if (value !== null && typeof value === 'object') {
        return value as Window['__HIWAR_CONFIG__'];
      }
    } catch {
      // A broken block reads as no config: every address falls back to this origin.
    }
  }
  return globalThis.window?.__HIWAR_CONFIG__;
}

/**
 * Reads the page's config ({@link pageConfig}), falling back to this page's origin for every address
 * (the server serving everything from one host needs no config at all). An `appServer` that is present
 * but not local/staging/production stops the app at start-up, as the spec requires.
 */
export function readRuntimeConfig(source: Window['__HIWAR_CONFIG__'] = pageConfig()): RuntimeConfig {
  const raw = source ?? {};
  const origin = globalThis.location?.origin ?? '';
  let appServer: AppServer = 'local';
  if (raw.appServer !== undefined) {
    // A plain list check, not the zod schema: this runs before the first paint, which zod is kept out of.
    if (!(APP_SERVERS as readonly unknown[]).includes(raw.appServer)) {
      throw new Error('Missing or invalid server');
    }
    appServer = raw.appServer as AppServer;
  }
  return {
    // '' = same origin: the API client joins paths onto it.
    apiUrl: text(raw.apiUrl, ''),
    socketUrl: text(raw.socketUrl, origin),
    appServer,
    webUrl: text(raw.webUrl, origin),
    adminUrl: text(raw.adminUrl, origin),
    landingUrl: text(raw.landingUrl, origin),
    googleClientId:
      typeof raw.googleClientId === 'string' && raw.googleClientId.trim() !== ''
        ? raw.googleClientId.trim()
        : null,
    telegramBotUrl:
      typeof raw.telegramBotUrl === 'string' && raw.telegramBotUrl.startsWith('https://t.me/')
        ? raw.telegramBotUrl
        : null,
  };
}
