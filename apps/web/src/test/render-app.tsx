import { type CurrentUser, createTokenStore, type FetchLike } from '@hiwar/client';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app-providers.tsx';
import { readRuntimeConfig } from '../config.ts';
import { createAppServices } from '../lib/app-services.ts';
import { appRoutes } from '../routes/app.routes.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT valid for five more days (clients never verify signatures). */
export function makeToken(id: number): string {
  const now = Date.now();
  const payload = { id, iat: Math.floor(now / 1000), exp: Math.floor((now + 5 * DAY_MS) / 1000) };
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.sig`;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface RenderAppOptions {
  path?: string;
  /** Signed in as this user; `GET /api/v1/user/current` answers with it. */
  user?: CurrentUser;
}

/** The whole web app on a memory router with a fake api: signed out unless `user` is given. */
export function renderApp({ path = '/', user }: RenderAppOptions = {}) {
  localStorage.clear();
  const tokenStore = createTokenStore();
  if (user) {
    tokenStore.setToken(makeToken(user.id));
    tokenStore.setStoredUser(user);
  }
  const fetch: FetchLike = async (url) => {
    if (user && url.endsWith('/api/v1/user/current')) {
      return json(200, user);
    }
    return json(404, { code: 'not-found', message: 'Not found' });
  };
  const services = createAppServices(readRuntimeConfig({}), {
    tokenStore,
    fetch,
    getSocketToken: () => null,
  });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  return {
    router,
    services,
    ...render(
      <AppProviders services={services}>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  };
}
