import './test/setup.ts';
import type { FetchLike } from '@hiwar/client';
import { act, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './app-providers.tsx';
import { readRuntimeConfig } from './config.ts';
import { render } from './entry-server.tsx';
import { createAppServices } from './lib/app-services.ts';
import { adminRoutes } from './routes/admin.routes.tsx';

const runtimeConfig = readRuntimeConfig({});
const noApi = vi.fn<FetchLike>(async () => new Response('{}', { status: 404 }));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the sign-in screen rendered on the server (issue 26)', () => {
  it('renders the form itself, not the loading spinner, and nothing else', async () => {
    const page = await render({ url: '/login?next=%2Fusers', runtimeConfig, fetch: noApi });
    expect(page?.status).toBe(200);
    expect(page?.module).toBe('src/routes/pages/login.page.tsx');
    expect(page?.html).toContain('type="password"');
    expect(page?.html).not.toContain('route-spinner');
    // Unusable until the browser has taken it over: nothing typed is lost, nothing submits natively.
    expect(page?.html).toMatch(/<fieldset disabled=""/);
    for (const url of ['/', '/users', '/verify-email', '/nowhere']) {
      expect(await render({ url, runtimeConfig, fetch: noApi }), url).toBeNull();
    }
    expect(noApi).not.toHaveBeenCalled();
  });

  it('is hydrated by the browser without a mismatch, and the form then works', async () => {
    const page = await render({ url: '/login', runtimeConfig, fetch: noApi });
    const root = document.createElement('div');
    root.innerHTML = page?.html ?? '';
    document.body.append(root);
    const services = createAppServices(runtimeConfig, {
      fetch: noApi,
      createXhr: null,
      getSocketToken: () => null,
    });
    const router = createMemoryRouter(adminRoutes, { initialEntries: ['/login'] });
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
    expect(root.querySelector('input[type="password"]')).not.toBeNull();
    expect(root.querySelector('fieldset')?.disabled).toBe(false);
    expect(document.activeElement).toBe(root.querySelector('input[type="email"]'));
    expect(screen.getByRole('button', { name: 'تسجيل الدخول' })).toBeInTheDocument();
  });
});
