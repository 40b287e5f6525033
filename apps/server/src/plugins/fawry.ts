import { createFawryClient, type FawryClient } from '@hiwar/fawry';
import {
  createFawrySandbox,
  FAWRY_SANDBOX_PREFIX,
  type FawrySandbox,
  fawrySandbox,
} from '@hiwar/fawry/sandbox';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Fawry client; null when no gateway is configured (production without FAWRY_*). */
    fawry: FawryClient | null;
    /** The in-process Fawry emulator, when mounted (local and staging without FAWRY_BASE_URL). */
    fawrySandbox: FawrySandbox | null;
  }
}

/** Our V2 server-notification endpoint (the Fawry account's callback and every order's webhook). */
export const FAWRY_WEBHOOK_PATH = '/api/v1/fawry/notification';

export type FawryOverrides = {
  /** A client of the tests' choosing (e.g. one with a failing fetch). */
  fawry?: FawryClient | undefined;
};

/**
 * Fawry behind one client (architecture §7). With FAWRY_BASE_URL the client calls Fawry over HTTPS.
 * Without it (local, staging) the sandbox emulator is mounted at `/fawry-sandbox` on the web port and
 * the client talks to it in-process (decision 0005): the same routes, signatures and notifications run
 * as over the network, whatever port the server ended up on.
 */
export const fawryPlugin = fp<{ config: AppConfig; overrides: FawryOverrides }>(
  async (app: FastifyInstance, { config, overrides }) => {
    const settings = config.fawry;
    const web = config.publicUrls.web.replace(/\/$/, '');
    const webhookUrl = `${web}${FAWRY_WEBHOOK_PATH}`;
    let sandbox: FawrySandbox | null = null;

    if (settings && settings.baseUrl === null) {
      sandbox = createFawrySandbox({
        merchantCode: settings.merchantCode,
        secureKey: settings.secureKey,
        notificationUrl: webhookUrl,
        publicBaseUrl: `${web}${FAWRY_SANDBOX_PREFIX}`,
        notify: (url, body) => deliverInProcess(app, url, body),
        log: app.log,
        ...(settings.sandboxControlToken ? { controlToken: settings.sandboxControlToken } : {}),
      });
      const created = sandbox;
      app.addHook('onClose', async () => created.close());
      await app.register(fawrySandbox, { prefix: FAWRY_SANDBOX_PREFIX, sandbox });
    }

    const client =
      overrides.fawry ??
      (settings
        ? createFawryClient({
            baseUrl: settings.baseUrl ?? `${web}${FAWRY_SANDBOX_PREFIX}`,
            merchantCode: settings.merchantCode,
            secureKey: settings.secureKey,
            orderWebHookUrl: webhookUrl,
            ...(sandbox ? { fetch: inProcessFetch(app) } : {}),
          })
        : null);
    if (!client) {
      app.log.warn('No payment gateway: set FAWRY_BASE_URL, FAWRY_MERCHANT_CODE and FAWRY_SECURE_KEY');
    }
    app.decorate('fawry', client);
    app.decorate('fawrySandbox', sandbox);
  },
  { name: 'fawry' },
);

/** A `fetch` answered by this app's own routes through `inject` (full request lifecycle, no socket). */
export function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value !== undefined) {
        headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
      }
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers,
    });
  };
}

/** The sandbox's notification delivery: to our webhook through `inject`, anywhere else over HTTP. */
async function deliverInProcess(
  app: FastifyInstance,
  url: string,
  body: unknown,
): Promise<{ status: number }> {
  const target = new URL(url);
  if (target.pathname !== FAWRY_WEBHOOK_PATH) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status };
  }
  const response = await app.inject({
    method: 'POST',
    url: target.pathname,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode };
}
