import '../../../test/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fake-api.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';

const unverified = makeUser({ verifiedEmail: false });
const codeSent = {
  method: 'PUT',
  path: '/api/v1/auth/send-verify-email',
  answer: () => ({
    body: {
      ok: true,
      expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      resendAt: new Date(Date.now() + 60_000).toISOString(),
    },
  }),
};

describe('e-mail verification', () => {
  it('sends a code to the admin callback, counts down the resend, and verifies with the code', async () => {
    const { user, api, router } = renderAdmin({
      path: '/verify-email',
      signedInAs: unverified,
      handlers: [
        codeSent,
        {
          method: 'PUT',
          path: '/api/v1/auth/verify-email',
          answer: ({ body }) =>
            (body as { code?: string }).code === '1234'
              ? { body: { user: { ...unverified, verifiedEmail: true }, tutor: null } }
              : apiError(400, 'invalid-verification-code'),
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'أرسل رمز التحقق' }));
    expect(api.calls('PUT', '/api/v1/auth/send-verify-email')[0]?.body).toEqual({
      callbackUrl: 'http://admin.test/verify-email',
    });
    expect(await screen.findByRole('button', { name: /إعادة الإرسال بعد/ })).toBeDisabled();

    // The fourth digit submits by itself.
    await user.type(screen.getByLabelText('رمز التحقق'), '9999');
    expect(await screen.findByRole('alert')).toHaveTextContent('رمز التحقق غير صحيح');

    await user.clear(screen.getByLabelText('رمز التحقق'));
    await user.type(screen.getByLabelText('رمز التحقق'), '١٢٣٤');
    expect(api.calls('PUT', '/api/v1/auth/verify-email').map((request) => request.body)).toEqual([
      { code: '9999' },
      { code: '1234' },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'لوحة التحكم' })).toBeInTheDocument();
  });

  it('verifies from the e-mailed link without signing in', async () => {
    const { api } = renderAdmin({
      path: '/verify-email?token=signed-link-token',
      handlers: [
        {
          method: 'PUT',
          path: '/api/v1/auth/verify-email',
          answer: () => ({ body: { user: { ...unverified, verifiedEmail: true }, tutor: null } }),
        },
      ],
    });
    expect(await screen.findByText('تم تأكيد بريدك الإلكتروني')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'سجّل الدخول للمتابعة' })).toHaveAttribute('href', '/login');
    expect(api.calls('PUT', '/api/v1/auth/verify-email').map((request) => request.body)).toEqual([
      { token: 'signed-link-token' },
    ]);
  });

  it('explains an expired link in Arabic', async () => {
    renderAdmin({
      path: '/verify-email?token=old',
      handlers: [
        {
          method: 'PUT',
          path: '/api/v1/auth/verify-email',
          answer: () => apiError(400, 'expired-verification-code'),
        },
      ],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('انتهت صلاحية رمز التحقق. اطلب رمزًا جديدًا.');
  });
});
