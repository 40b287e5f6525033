import { createTokenStore, type FetchLike } from '@hiwar/client';
import type { User, UserWithTutor } from '@hiwar/domain';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app-providers.tsx';
import { type RuntimeConfig, readRuntimeConfig } from '../config.ts';
import { createAppServices } from '../lib/app-services.ts';
import { appRoutes } from '../routes/app.routes.tsx';
import type { FakeSocket } from './fake-socket.ts';
import { apiError, json, makeAccount } from './fixtures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT valid for five more days (clients never verify signatures). */
export function makeToken(id: number, seed = 0): string {
  const now = Date.now();
  const payload = { id, iat: Math.floor(now / 1000) + seed, exp: Math.floor((now + 5 * DAY_MS) / 1000) };
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.sig`;
}

/** One request as the fake api sees it. */
export interface ApiRequest {
  method: string;
  /** Path and query, without the origin: `/api/v1/user/current`. */
  path: string;
  /** Parsed JSON body, the FormData of an upload, or undefined. */
  body: unknown;
  headers: Record<string, string>;
}

/** Answers a request, or `undefined` to fall back to the defaults (current user, logout, 404). */
export type ApiHandler = (request: ApiRequest) => Response | Promise<Response> | undefined;

export interface RenderAppOptions {
  path?: string;
  /** Signed in as this user (fields over a complete verified student); `GET /user/current` answers it. */
  user?: Partial<User>;
  /** Signed in with this exact account (user and tutor meta). */
  account?: UserWithTutor;
  /** The fake api service, asked first. */
  api?: ApiHandler;
  config?: Partial<RuntimeConfig>;
  /** `false`: only the token is stored, as on a device whose stored user was lost; the app must fetch it. */
  storeUser?: boolean;
  /** A fake realtime connection (connected while signed in) to play server events on. */
  socket?: FakeSocket;
}

/** The whole web app on a memory router with a fake api: signed out unless `user` or `account` is given. */
export function renderApp({
  path = '/',
  user,
  account: given,
  api,
  config,
  storeUser = true,
  socket,
}: RenderAppOptions = {}) {
  localStorage.clear();
  const account = given ?? (user ? makeAccount(user) : undefined);
  const tokenStore = createTokenStore();
  if (account) {
    tokenStore.setToken(makeToken(account.user.id));
    if (storeUser) {
      tokenStore.setStoredUser(account);
    }
  }
  const requests: ApiRequest[] = [];
  const fetch = vi.fn<FetchLike>(async (url, init) => {
    const parsed = new URL(url, 'http://localhost');
    const rawBody = init.body;
    const request: ApiRequest = {
      method: init.method ?? 'GET',
      path: `${parsed.pathname}${parsed.search}`,
      body: typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : rawBody,
      headers: { ...(init.headers as Record<string, string>) },
    };
    requests.push(request);
    const answer = await api?.(request);
    if (answer) {
      return answer;
    }
    if (request.path === '/api/v1/user/current') {
      return account ? json(200, account) : apiError(401, 'unauthenticated');
    }
    if (request.path === '/api/v1/auth/logout') {
      return json(200, { ok: true });
    }
    return apiError(404, 'not-found', 'Not found');
  });
  const services = createAppServices(
    { ...readRuntimeConfig({}), ...config },
    // Uploads go through fetch too, so tests see them at the same boundary.
    {
      tokenStore,
      fetch,
      createXhr: null,
      getSocketToken: socket ? () => tokenStore.getToken() : () => null,
      ...(socket ? { io: socket.io } : {}),
    },
  );
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  return {
    router,
    services,
    fetch,
    requests,
    ...render(
      <AppProviders services={services}>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  };
}
