import './test/setup.ts';
import type { FetchLike } from '@hiwar/client';
import { formatTime, freeTimesMessages } from '@hiwar/ui';
import type { DehydratedState } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './app-providers.tsx';
import { readRuntimeConfig } from './config.ts';
import { render, serverRenderedPage } from './entry-server.tsx';
import { createAppServices } from './lib/app-services.ts';
import { hydrateServerState, readServerState, resolveLazyRoutes } from './lib/server-render.ts';
import { appRoutes } from './routes/app.routes.tsx';
import { apiError, json } from './test/fixtures.ts';
import { makeFreeTimes } from './test/free-times-fixtures.ts';
import { makeTutorCard, makeTutorInfo } from './test/lesson-fixtures.ts';

const LIST = '/api/v1/user/tutor/list/onboarded';
const runtimeConfig = readRuntimeConfig({});
/** Tutor 3's free times: a Friday and the Saturday after it, which starts the next week. */
const FREE_STARTS = ['2030-01-04T07:00:00Z', '2030-01-04T07:15:00Z', '2030-01-05T16:30:00Z'].map(
  (value) => new Date(value),
);

/** The API as the server's in-process fetch answers it: the directory, one tutor (3), topics. */
function fakeApi(requests: string[] = []): FetchLike {
  return vi.fn<FetchLike>(async (url) => {
    const path = new URL(url, 'http://localhost');
    requests.push(`${path.pathname}${path.search}`);
    if (path.pathname === LIST) {
      return json(200, {
        list: [
          makeTutorCard(),
          makeTutorCard({ id: 4, name: 'كريم <b>$&</b> حسن', bio: "a $' b </script>" }),
        ],
        total: 2,
      });
    }
    if (path.pathname === '/api/v1/user/tutor/info/3') {
      return json(200, makeTutorInfo());
    }
    if (path.pathname === '/api/v1/user/tutor/free-times/3') {
      return json(200, makeFreeTimes(FREE_STARTS));
    }
    if (path.pathname === '/api/v1/topic/list') {
      return json(200, [{ id: 1, nameAr: 'محادثة', nameEn: 'Conversation' }]);
    }
    return apiError(404, 'not-found');
  });
}

/** The rendered page's dehydrated queries. */
function queriesOf(page: Awaited<ReturnType<typeof render>>): DehydratedState['queries'] {
  if (!page) {
    throw new Error('the page was not rendered');
  }
  return page.state.queries;
}

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('server rendering of the public pages (issue 26)', () => {
  it('renders only the public pages it lists, by their route', () => {
    expect(serverRenderedPage('/')?.path).toBe('/');
    expect(serverRenderedPage('/tutors')?.path).toBe('/tutors');
    expect(serverRenderedPage('/t/12')?.path).toBe('/t/:id');
    for (const path of ['/t/settings', '/t/dashboard', '/login', '/s/dashboard', '/chat', '/nowhere']) {
      expect(serverRenderedPage(path), path).toBeNull();
    }
  });

  it('answers null for a page the browser renders alone', async () => {
    const fetch = fakeApi();
    expect(await render({ url: '/s/dashboard', runtimeConfig, fetch })).toBeNull();
    expect(await render({ url: '/login?next=/tutors', runtimeConfig, fetch })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('renders the directory with its first page of tutors and the data to hydrate it', async () => {
    const requests: string[] = [];
    const page = await render({ url: '/tutors', runtimeConfig, fetch: fakeApi(requests) });
    expect(page?.status).toBe(200);
    expect(page?.module).toBe('src/routes/tutors/tutors-page.tsx');
    // The markup carries the cards (text escaped by React), not the loading skeletons.
    expect(page?.html).toContain('منى خالد');
    expect(page?.html).toContain('كريم &lt;b&gt;$&amp;&lt;/b&gt; حسن');
    expect(page?.html).toContain('href="/t/3"');
    expect(requests.filter((path) => path.startsWith(LIST))).toHaveLength(1);
    const keys = queriesOf(page).map((query) => query.queryKey);
    expect(keys.some((key) => key[0] === 'tutor' && key[1] === 'list')).toBe(true);
  });

  it('renders a profile with its free times, each a link to sign in and come back to it (issue 27)', async () => {
    const requests: string[] = [];
    const page = await render({ url: '/t/3', runtimeConfig, fetch: fakeApi(requests) });
    expect(page?.status).toBe(200);
    const html = page?.html ?? '';
    expect(html).toContain(freeTimesMessages.title);
    for (const start of FREE_STARTS) {
      const back = `/t/3?at=${encodeURIComponent(start.toISOString())}`;
      expect(html).toContain(`href="/login?redirect=${encodeURIComponent(back)}"`);
      expect(html).toContain(formatTime(start));
    }
    // Two Saturday-first weeks, each named by its Saturday.
    expect(html.match(/<h3[^>]*>/g)).toHaveLength(2);
    expect(requests.filter((path) => path.includes('/tutor/free-times/'))).toEqual([
      '/api/v1/user/tutor/free-times/3',
    ]);
    expect(queriesOf(page).map((query) => query.queryKey)).toContainEqual(['tutor', 'free-times', 3]);
  });

  it('answers 404 for an unknown tutor, rendered as loading so the browser says it', async () => {
    const page = await render({ url: '/t/999', runtimeConfig, fetch: fakeApi() });
    expect(page?.status).toBe(404);
    expect(page?.html).not.toContain('منى خالد');
    expect(queriesOf(page)).toHaveLength(0);
  });

  it('renders what arrived when the API is slower than the time it is given', async () => {
    const slow: FetchLike = () => new Promise(() => {});
    const page = await render({ url: '/tutors', runtimeConfig, fetch: slow, dataTimeoutMs: 50 });
    expect(page?.status).toBe(200);
    expect(page?.html).not.toContain('منى خالد');
    expect(queriesOf(page)).toHaveLength(0);
  });

  it.each(['/tutors', '/t/3', '/'])(
    'the browser hydrates %s without a mismatch and without asking again',
    async (url) => {
      const page = await render({ url, runtimeConfig, fetch: fakeApi() });
      if (!page) {
        throw new Error('not rendered');
      }
      // The document as the server sends it: the markup in #root, the data beside it.
      const state = document.createElement('script');
      state.type = 'application/json';
      state.id = 'hiwar-state';
      state.textContent = JSON.stringify(page.state).replace(/</g, '\\u003c');
      const root = document.createElement('div');
      root.id = 'root';
      root.innerHTML = page.html;
      document.body.append(root, state);
      const serverState = readServerState();
      expect(serverState).not.toBeNull();

      const requests: string[] = [];
      const services = createAppServices(runtimeConfig, {
        fetch: fakeApi(requests),
        createXhr: null,
        getSocketToken: () => null,
      });
      hydrateServerState(services.queryClient, serverState as NonNullable<typeof serverState>);
      await resolveLazyRoutes(appRoutes, url);
      const router = createMemoryRouter(appRoutes, { initialEntries: [url] });
      const mismatches: unknown[] = [];
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
      await act(async () => {
        hydrateRoot(
          root,
          <StrictMode>
            <AppProviders services={services}>
              <RouterProvider router={router} />
            </AppProviders>
          </StrictMode>,
          { onRecoverableError: (error) => mismatches.push(error) },
        );
      });
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      consoleError.mockRestore();
      expect(mismatches).toEqual([]);
      expect(consoleError).not.toHaveBeenCalled();
      // The data the page was rendered from is fresh: nothing is fetched again on hydration.
      expect(
        requests.filter(
          (path) =>
            path.startsWith(LIST) || path.includes('/tutor/info/') || path.includes('/tutor/free-times/'),
        ),
      ).toEqual([]);
      if (url === '/tutors') {
        expect(root.textContent).toContain('منى خالد');
      }
      if (url === '/t/3') {
        expect(root.textContent).toContain(formatTime(FREE_STARTS[0]!));
      }
    },
  );
});
