import '../../test/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('forgotten password', () => {
  it('e-mail → 5-digit code → new password → back to login with the e-mail', async () => {
    const user = userEvent.setup();
    const { router, requests } = renderApp({
      path: '/forget-password',
      api: ({ method, path }) => {
        if (method === 'POST' && path === '/api/v1/auth/password/forget') {
          return json(200, {
            ok: true,
            expiresAt: new Date(Date.now() + 900_000).toISOString(),
            resendAt: new Date(Date.now() + 60_000).toISOString(),
          });
        }
        if (method === 'PUT' && path === '/api/v1/auth/password/reset') {
          return json(200, { ok: true });
        }
        return undefined;
      },
    });

    await user.type(await screen.findByLabelText('البريد الإلكتروني'), 'sara@example.com');
    await user.click(screen.getByRole('button', { name: 'أرسل الرمز' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));

    await user.type(await screen.findByLabelText('رمز إعادة التعيين'), '١٢٣٤٥');
    await user.type(screen.getByLabelText('كلمة المرور الجديدة'), 'new-secret-1!');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'new-secret-1!');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'تم تغيير كلمة المرور' }),
    ).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/v1/auth/password/reset')?.body).toEqual({
      email: 'sara@example.com',
      code: '12345',
      password: 'new-secret-1!',
    });
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'تسجيل الدخول' }));
    expect(await screen.findByLabelText('البريد الإلكتروني')).toHaveValue('sara@example.com');
  });

  it('shows an expired code under the code field', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/reset-password?email=sara%40example.com',
      api: ({ path }) =>
        path === '/api/v1/auth/password/reset' ? apiError(400, 'expired-verification-code') : undefined,
    });
    await user.type(await screen.findByLabelText('رمز إعادة التعيين'), '12345');
    await user.type(screen.getByLabelText('كلمة المرور الجديدة'), 'new-secret-1!');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'new-secret-1!');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور' }));
    expect(await screen.findByText('انتهت صلاحية رمز التحقق. اطلب رمزًا جديدًا.')).toBeInTheDocument();
  });
});
