import '../../test/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, makeAccount } from '../../test/fixtures.ts';
import { type ApiRequest, renderApp } from '../../test/render-app.tsx';

const unverified = makeAccount({ verifiedEmail: false });
const verified = makeAccount({ verifiedEmail: true });

describe('verify-email page', () => {
  it('takes the 4-digit code typed with Arabic-Indic digits and moves on', async () => {
    const user = userEvent.setup();
    let done = false;
    const api = ({ method, path }: ApiRequest) => {
      if (method === 'PUT' && path === '/api/v1/auth/verify-email') {
        done = true;
        return json(200, verified);
      }
      if (path === '/api/v1/user/current') {
        return json(200, done ? verified : unverified);
      }
      return undefined;
    };
    const { router, requests } = renderApp({ path: '/verify-email', account: unverified, api });

    const code = await screen.findByLabelText('رمز التحقق');
    await user.type(code, '٤٠٢٩');

    // The fourth digit submits on its own.
    await waitFor(() => expect(router.state.location.pathname).toBe('/s/dashboard'));
    expect(requests.find((request) => request.path === '/api/v1/auth/verify-email')?.body).toEqual({
      code: '4029',
    });
    expect(await screen.findByText('تم تأكيد بريدك الإلكتروني بنجاح.')).toBeInTheDocument();
  });

  it('goes to complete the profile when it is missing', async () => {
    const user = userEvent.setup();
    const bare = makeAccount({ verifiedEmail: false, city: null, phone: null });
    renderApp({
      path: '/verify-email',
      account: bare,
      api: ({ path }) =>
        path === '/api/v1/auth/verify-email'
          ? json(200, { ...bare, user: { ...bare.user, verifiedEmail: true } })
          : undefined,
    });
    await user.type(await screen.findByLabelText('رمز التحقق'), '1234');
    expect(await screen.findByRole('heading', { level: 1, name: 'أكمل ملفك الشخصي' })).toBeInTheDocument();
  });

  it('shows a wrong code under the field', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/verify-email',
      account: unverified,
      api: ({ path }) =>
        path === '/api/v1/auth/verify-email' ? apiError(400, 'invalid-verification-code') : undefined,
    });
    await user.type(await screen.findByLabelText('رمز التحقق'), '1111');
    expect(await screen.findByText('رمز التحقق غير صحيح. راجعه ثم حاول مرة أخرى.')).toBeInTheDocument();
  });

  it('sends a code with a 60-second countdown before the next one', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/verify-email',
      account: unverified,
      api: ({ path }) =>
        path === '/api/v1/auth/send-verify-email'
          ? json(200, {
              ok: true,
              expiresAt: new Date(Date.now() + 900_000).toISOString(),
              resendAt: new Date(Date.now() + 60_000).toISOString(),
            })
          : undefined,
    });

    await user.click(await screen.findByRole('button', { name: 'أرسل الرمز' }));
    expect(await screen.findByText('أرسلنا رمزًا جديدًا إلى بريدك الإلكتروني.')).toBeInTheDocument();
    expect(screen.getByText('يمكنك طلب رمز جديد بعد ٦٠ ثانية')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /أرسل الرمز|أعد إرسال الرمز/ })).not.toBeInTheDocument();
  });

  it('shows the rate limit in Arabic and waits before offering another send', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/verify-email',
      account: unverified,
      api: ({ path }) =>
        path === '/api/v1/auth/send-verify-email' ? apiError(429, 'too-many-requests') : undefined,
    });

    await user.click(await screen.findByRole('button', { name: 'أرسل الرمز' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'محاولات كثيرة في وقت قصير. انتظر قليلًا ثم حاول مرة أخرى.',
    );
    expect(screen.getByText(/يمكنك طلب رمز جديد بعد/)).toBeInTheDocument();
  });

  it('verifies the e-mailed link signed out, then offers to sign in', async () => {
    const { requests } = renderApp({
      path: '/verify-email?token=signed.link.token',
      api: ({ path }) => (path === '/api/v1/auth/verify-email' ? json(200, verified) : undefined),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تم تأكيد بريدك الإلكتروني' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'سجّل الدخول للمتابعة' })).toHaveAttribute('href', '/login');
    expect(requests.filter((request) => request.path === '/api/v1/auth/verify-email')).toHaveLength(1);
    expect(requests[0]?.body).toEqual({ token: 'signed.link.token' });
  });

  it('explains an expired link', async () => {
    renderApp({
      path: '/verify-email?token=old',
      api: ({ path }) =>
        path === '/api/v1/auth/verify-email' ? apiError(400, 'invalid-verification-code') : undefined,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تعذّر تأكيد بريدك الإلكتروني' }),
    ).toBeInTheDocument();
  });

  it('asks a signed-out visitor without a link to sign in first', async () => {
    const { router } = renderApp({ path: '/verify-email' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fverify-email');
  });
});
