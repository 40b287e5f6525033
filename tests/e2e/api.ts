import { inject } from 'vitest';
import { urls } from './browser.ts';
import { DEMO_PASSWORD } from './sign-in.ts';

/** A signed-in account as `POST /auth/password` answers it. */
export type ApiSession = { token: string; user: { id: number; name: string | null } };

/**
 * Calls the web app's API as `token` (anonymously when null); throws on any answer but 2xx, the
 * error carrying the `status`.
 */
export async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${urls.web}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    throw Object.assign(new Error(`${method} ${path} → ${res.status} ${await res.text()}`), {
      status: res.status,
    });
  }
  return (await res.json()) as T;
}

/**
 * Signs in through the API (a demo account unless told the password). A demo account with its demo
 * password gets the token global-setup issued for it, while that token still works (a journey may have
 * signed the account out everywhere): sign-ins are limited per address and account, and every journey
 * comes from 127.0.0.1.
 */
export async function login(email: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  const issued = password === DEMO_PASSWORD ? inject('demoTokens')[email] : undefined;
  if (issued) {
    const current = await api<{ user: ApiSession['user'] }>('GET', '/user/current', issued).catch(() => null);
    if (current) {
      return { token: issued, user: current.user };
    }
  }
  return api<ApiSession>('POST', '/auth/password', null, { email, password });
}
