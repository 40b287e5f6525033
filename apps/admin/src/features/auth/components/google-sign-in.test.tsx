import '../../../test/setup.ts';
import { GOOGLE_IDENTITY_SCRIPT } from '@hiwar/client';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/fake-api.ts';
import { superAdmin } from '../../../test/fixtures.ts';
import { makeToken, renderAdmin } from '../../../test/render-admin.tsx';

type Initialize = { client_id: string; callback: (response: { credential?: string }) => void };

/** Google Identity Services as the page sees it once its script has run. */
function stubGoogle() {
  const initialize = vi.fn<(options: Initialize) => void>();
  const renderButton = vi.fn((parent: HTMLElement) => {
    const button = document.createElement('div');
    button.setAttribute('role', 'button');
    button.setAttribute('tabindex', '0');
    button.textContent = 'Continue with Google';
    parent.append(button);
  });
  window.google = { accounts: { id: { initialize, renderButton } } };
  return { initialize, renderButton };
}

/** Google hands the page a credential, as after the user picked an account in its popup. */
async function chooseGoogleAccount(google: ReturnType<typeof stubGoogle>) {
  await waitFor(() => expect(google.renderButton).toHaveBeenCalled());
  await act(async () => google.initialize.mock.calls.at(-1)?.[0].callback({ credential: 'google-id-token' }));
}

const CONFIG = { googleClientId: 'client-123.apps.googleusercontent.com' };
const LOAD = { timeout: 10_000 };

afterEach(() => {
  window.google = undefined;
  for (const script of document.querySelectorAll(`script[src="${GOOGLE_IDENTITY_SCRIPT}"]`)) {
    script.remove();
  }
});

describe('admin Google sign-in', () => {
  it('is hidden, and Google’s script never loaded, without a configured client id', async () => {
    const append = vi.spyOn(document.head, 'append');
    renderAdmin({ path: '/login' });
    await screen.findByRole('button', { name: 'تسجيل الدخول' }, LOAD);
    expect(screen.queryByText('أو')).not.toBeInTheDocument();
    expect(append.mock.calls.some(([node]) => node instanceof HTMLScriptElement)).toBe(false);
    append.mockRestore();
  });

  it('signs a staff member in with the credential Google returns, as staff only', async () => {
    const google = stubGoogle();
    const { api, router } = renderAdmin({
      path: '/login',
      config: CONFIG,
      handlers: [
        {
          method: 'POST',
          path: '/api/v1/auth/google',
          answer: () => ({ body: { user: superAdmin, tutor: null, token: makeToken(superAdmin.id) } }),
        },
        {
          method: 'GET',
          path: '/api/v1/user/current',
          answer: () => ({ body: { user: superAdmin, tutor: null } }),
        },
      ],
    });
    await screen.findByText('أو', {}, LOAD);
    await waitFor(() => expect(google.renderButton).toHaveBeenCalled());
    expect(google.initialize.mock.calls[0]?.[0].client_id).toBe(CONFIG.googleClientId);
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();

    await chooseGoogleAccount(google);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls('POST', '/api/v1/auth/google')[0]?.body).toEqual({
      credential: 'google-id-token',
      staffOnly: true,
    });
    expect(localStorage.getItem('auth-token')).not.toBeNull();
  });

  it('refuses a non-staff Google account with a clear Arabic message, and keeps nobody signed in', async () => {
    const google = stubGoogle();
    const { router } = renderAdmin({
      path: '/login',
      config: CONFIG,
      handlers: [{ method: 'POST', path: '/api/v1/auth/google', answer: () => apiError(403, 'forbidden') }],
    });
    await screen.findByText('أو', {}, LOAD);
    await chooseGoogleAccount(google);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'تسجيل الدخول بحساب Google في لوحة الإدارة متاح لحسابات فريق العمل فقط.',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('auth-token')).toBeNull();
    // The e-mail form is still there for another account.
    expect(screen.getByLabelText('البريد الإلكتروني')).toBeInTheDocument();
  });

  it('shows any other failure in Arabic too', async () => {
    const google = stubGoogle();
    renderAdmin({
      path: '/login',
      config: CONFIG,
      handlers: [
        { method: 'POST', path: '/api/v1/auth/google', answer: () => apiError(401, 'unauthenticated') },
      ],
    });
    await screen.findByText('أو', {}, LOAD);
    await chooseGoogleAccount(google);
    expect(await screen.findByRole('alert')).toHaveTextContent('سجّل الدخول');
  });
});
