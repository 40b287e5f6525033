import type { TutorMeta, User } from '@hiwar/domain';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app-providers.tsx';
import { type RuntimeConfig, readRuntimeConfig } from '../config.ts';
import { createAppServices } from '../lib/app-services.ts';
import { adminRoutes } from '../routes/admin.routes.tsx';
import { createFakeApi, type FakeHandler } from './fake-api.ts';
import type { FakeSocket } from './fake-socket.ts';
import type { FakeXhr } from './fake-xhr.ts';

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

/** Puts a signed-in session in local storage, as a previous visit would have left it. */
export function seedSession(user: User, tutor: TutorMeta | null = null): void {
  localStorage.setItem('auth-token', JSON.stringify({ type: 'bearer', value: makeToken(user.id) }));
  localStorage.setItem('user', JSON.stringify({ user, tutor }));
}

export const TEST_CONFIG = readRuntimeConfig({
  apiUrl: 'http://api.test',
  adminUrl: 'http://admin.test',
  webUrl: 'http://web.test',
});

export interface RenderAdminOptions {
  path?: string;
  /** Signed in as this user; `GET /api/v1/user/current` answers with them. `null`: signed out. */
  signedInAs?: User | null;
  tutor?: TutorMeta | null;
  handlers?: FakeHandler[];
  /** A stored page-size override (`config::page-size`). */
  pageSize?: number;
  /** `false`: only the token is stored, as when the user was never fetched on this device. */
  storeUser?: boolean;
  /** A fake realtime connection (connected while signed in) to play server events on; none by default. */
  socket?: FakeSocket;
  /** Uploads go through this fake `XMLHttpRequest` (progress, abort); by default through `fetch`. */
  xhr?: typeof FakeXhr;
  /** Runtime config over `TEST_CONFIG` (e.g. a `googleClientId`). */
  config?: Partial<RuntimeConfig>;
}

/** The whole admin app at `path`, with a fake api service behind `fetch`. */
export function renderAdmin({
  path = '/',
  signedInAs = null,
  tutor = null,
  handlers = [],
  pageSize,
  storeUser = true,
  socket,
  xhr,
  config,
}: RenderAdminOptions = {}) {
  localStorage.clear();
  if (pageSize !== undefined) {
    localStorage.setItem('config::page-size', String(pageSize));
  }
  if (signedInAs) {
    seedSession(signedInAs, tutor);
    if (!storeUser) {
      localStorage.removeItem('user');
    }
  }
  const api = createFakeApi([
    ...handlers,
    {
      method: 'GET',
      path: '/api/v1/user/current',
      answer: () =>
        signedInAs
          ? { body: { user: signedInAs, tutor } }
          : { status: 401, body: { code: 'unauthenticated' } },
    },
    { method: 'POST', path: '/api/v1/auth/logout', answer: () => ({ body: { ok: true } }) },
  ]);
  const services = createAppServices(config ? { ...TEST_CONFIG, ...config } : TEST_CONFIG, {
    fetch: api.fetch,
    getSocketToken: socket ? () => (signedInAs ? makeToken(signedInAs.id) : null) : () => null,
    ...(socket ? { io: socket.io } : {}),
    ...(xhr ? { createXhr: () => new xhr() as unknown as XMLHttpRequest } : {}),
  });
  const router = createMemoryRouter(adminRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, api, services, user: userEvent.setup() };
}

/** The path and query string the app is showing. */
export function currentLocation(router: { state: { location: { pathname: string; search: string } } }) {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
