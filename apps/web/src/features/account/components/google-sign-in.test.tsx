import '../../../test/setup.ts';
import { GOOGLE_IDENTITY_SCRIPT } from '@hiwar/client';
import { Role } from '@hiwar/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeAccount } from '../../../test/fixtures.ts';
import { makeToken, renderApp } from '../../../test/render-app.tsx';

type Initialize = { client_id: string; callback: (response: { credential?: string }) => void };

/** Google Identity Services as the page sees it once its script has run. */
function stubGoogle() {
  const initialize = vi.fn<(options: Initialize) => void>();
  const renderButton = vi.fn((parent: HTMLElement) => {
    const button = document.createElement('div');
    button.setAttribute('role', 'button');
    button.textContent = 'Continue with Google';
    parent.append(button);
  });
  window.google = { accounts: { id: { initialize, renderButton } } };
  return { initialize, renderButton };
}

afterEach(() => {
  window.google = undefined;
  for (const script of document.querySelectorAll(`script[src="${GOOGLE_IDENTITY_SCRIPT}"]`)) {
    script.remove();
  }
});

describe('Google sign-in', () => {
  it('loads Google Identity Services only when a client id is configured, and hides it if it fails', async () => {
    // Nothing is fetched in tests: the script "fails to load" as it would offline.
    const append = vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      for (const node of nodes) {
        if (node instanceof HTMLScriptElement) {
          queueMicrotask(() => node.onerror?.(new Event('error')));
        }
      }
    });
    renderApp({ path: '/login', config: { googleClientId: 'client-123.apps.googleusercontent.com' } });
    await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' });
    await waitFor(() =>
      expect(
        append.mock.calls.some(
          ([node]) => node instanceof HTMLScriptElement && node.src === GOOGLE_IDENTITY_SCRIPT,
        ),
      ).toBe(true),
    );
    // The failed load leaves the e-mail form alone on the page.
    await waitFor(() => expect(screen.queryByText('أو')).not.toBeInTheDocument());
    append.mockRestore();
  });

  it('signs in with the credential Google returns, as the role of the register page', async () => {
    const google = stubGoogle();
    const tutor = makeAccount({ id: 30, role: Role.Tutor, verifiedEmail: true, city: null });
    const { router, requests } = renderApp({
      path: '/register/tutor',
      config: { googleClientId: 'client-123' },
      api: ({ method, path }) => {
        if (method === 'POST' && path === '/api/v1/auth/google') {
          return json(200, { ...tutor, token: makeToken(30) });
        }
        return path === '/api/v1/user/current' ? json(200, tutor) : undefined;
      },
    });

    await waitFor(() => expect(google.renderButton).toHaveBeenCalled());
    expect(google.initialize.mock.calls[0]?.[0].client_id).toBe('client-123');
    await act(async () =>
      google.initialize.mock.calls.at(-1)?.[0].callback({ credential: 'google-id-token' }),
    );

    // A verified Google account with an incomplete profile goes to complete it.
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/complete-profile'));
    expect(requests.find((request) => request.path === '/api/v1/auth/google')?.body).toEqual({
      credential: 'google-id-token',
      role: Role.Tutor,
    });
  });
});
