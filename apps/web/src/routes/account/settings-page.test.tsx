import '../../test/setup.ts';
import { Role } from '@hiwar/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, makeAccount, makeTutorMeta } from '../../test/fixtures.ts';
import { type ApiRequest, makeToken, renderApp } from '../../test/render-app.tsx';

describe('student settings', () => {
  it('changes the password and keeps the session going with the new token', async () => {
    const user = userEvent.setup();
    const account = makeAccount();
    const freshToken = makeToken(account.user.id, 99);
    const api = ({ method, path }: ApiRequest) =>
      method === 'PUT' && path === `/api/v1/user/${account.user.id}`
        ? json(200, { ...account, token: freshToken })
        : undefined;
    const { requests, services } = renderApp({ path: '/s/settings?tab=password', account, api });

    await user.type(await screen.findByLabelText('كلمة المرور الحالية'), 'old-secret-1!');
    await user.type(screen.getByLabelText('كلمة المرور الجديدة'), 'new-secret-1!');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'new-secret-1!');
    await user.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));

    expect(await screen.findByText('تم تغيير كلمة المرور.')).toBeInTheDocument();
    const change = requests.find((request) => request.method === 'PUT');
    expect(change?.body).toEqual({ password: { current: 'old-secret-1!', new: 'new-secret-1!' } });
    expect(services.tokenStore.getToken()).toBe(freshToken);
    expect(JSON.parse(localStorage.getItem('auth-token') ?? 'null')).toEqual({
      type: 'bearer',
      value: freshToken,
    });
    // Still signed in, form emptied.
    expect(screen.getByRole('button', { name: 'قائمة الحساب: سارة أحمد' })).toBeInTheDocument();
    expect(screen.getByLabelText('كلمة المرور الحالية')).toHaveValue('');
  });

  it('shows a wrong current password under its field', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/s/settings?tab=password',
      user: {},
      api: ({ method }) => (method === 'PUT' ? apiError(401, 'wrong-password') : undefined),
    });
    await user.type(await screen.findByLabelText('كلمة المرور الحالية'), 'nope-nope-1!');
    await user.type(screen.getByLabelText('كلمة المرور الجديدة'), 'new-secret-1!');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'new-secret-2!');
    await user.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
    // The mismatch is caught first, in the browser.
    expect(await screen.findByText('كلمتا المرور غير متطابقتين.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('تأكيد كلمة المرور'));
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'new-secret-1!');
    await user.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await screen.findByText('كلمة المرور غير صحيحة.')).toBeInTheDocument();
    expect(screen.getByLabelText('كلمة المرور الحالية')).toHaveAttribute('aria-invalid', 'true');
  });

  it('lets a Google-only account set a first password without a current one', async () => {
    const user = userEvent.setup();
    const account = makeAccount({ hasPassword: false });
    const { requests } = renderApp({
      path: '/s/settings?tab=password',
      account,
      api: ({ method }) =>
        method === 'PUT' ? json(200, { ...account, token: makeToken(12, 5) }) : undefined,
    });
    expect(await screen.findByRole('heading', { name: 'تعيين كلمة مرور' })).toBeInTheDocument();
    expect(screen.queryByLabelText('كلمة المرور الحالية')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('كلمة المرور الجديدة'), 'new-secret-1!');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'new-secret-1!');
    await user.click(screen.getByRole('button', { name: 'تعيين كلمة المرور' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
        password: { new: 'new-secret-1!' },
      }),
    );
  });

  it('sends only the changed personal details', async () => {
    const user = userEvent.setup();
    const account = makeAccount();
    const { requests } = renderApp({
      path: '/s/settings',
      account,
      api: ({ method }) =>
        method === 'PUT'
          ? json(200, { ...account, user: { ...account.user, name: 'سارة محمود' } })
          : undefined,
    });
    const name = await screen.findByLabelText('الاسم');
    await user.clear(name);
    await user.type(name, 'سارة محمود');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('تم حفظ التغييرات.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ name: 'سارة محمود' });
    expect(await screen.findByRole('button', { name: 'قائمة الحساب: سارة محمود' })).toBeInTheDocument();
  });

  it('verifies the phone: WhatsApp or Telegram, then the 5-digit code', async () => {
    const user = userEvent.setup();
    const account = makeAccount({ phone: null, verifiedPhone: false, notificationMethod: null });
    const verified = makeAccount({ phone: '01112345678', verifiedPhone: true, notificationMethod: 2 });
    let isVerified = false;
    const api = ({ method, path }: ApiRequest) => {
      if (method === 'POST' && path === '/api/v1/confirmation-code/phone/send') {
        return json(200, {
          ok: true,
          expiresAt: new Date(Date.now() + 900_000).toISOString(),
          resendAt: new Date(Date.now() + 60_000).toISOString(),
        });
      }
      if (method === 'POST' && path === '/api/v1/confirmation-code/phone/verify') {
        isVerified = true;
        return json(200, verified);
      }
      if (path === '/api/v1/user/current') {
        return json(200, isVerified ? verified : account);
      }
      return undefined;
    };
    const { requests } = renderApp({ path: '/s/settings?tab=verification', account, api });

    await user.type(await screen.findByLabelText('رقم الموبايل'), '٠١١١٢٣٤٥٦٧٨');
    await user.click(screen.getByRole('radio', { name: /تيليجرام/ }));
    await user.click(screen.getByRole('button', { name: 'أرسل رمز التحقق' }));

    await user.type(await screen.findByLabelText('رمز التحقق'), '54321');
    expect(await screen.findByText('تم تأكيد رقم الموبايل.')).toBeInTheDocument();
    expect(requests.find((request) => request.path.endsWith('/phone/send'))?.body).toEqual({
      phone: '01112345678',
      method: 2,
    });
    expect(requests.find((request) => request.path.endsWith('/phone/verify'))?.body).toEqual({
      code: '54321',
    });
  });

  it('links to the Telegram bot for Telegram, and explains an unlinked number', async () => {
    const user = userEvent.setup();
    const account = makeAccount({ phone: '01112345678', verifiedPhone: false, notificationMethod: null });
    renderApp({
      path: '/s/settings?tab=verification',
      account,
      config: { telegramBotUrl: 'https://t.me/HiwarBot' },
      api: ({ method, path }) =>
        method === 'POST' && path === '/api/v1/confirmation-code/phone/send'
          ? apiError(400, 'unresolved-phone')
          : undefined,
    });
    await user.click(await screen.findByRole('radio', { name: /تيليجرام/ }));
    const link = screen.getByRole('link', { name: 'افتح بوت حوار على تيليجرام' });
    expect(link).toHaveAttribute('href', 'https://t.me/HiwarBot');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await user.click(screen.getByRole('button', { name: 'أرسل رمز التحقق' }));
    expect(await screen.findByText(/لم يُربط هذا الرقم ببوت حوار/)).toBeInTheDocument();
  });
});

describe('tutor settings', () => {
  it('counts the bio live and saves bio and about', async () => {
    const user = userEvent.setup();
    const account = makeAccount({ id: 3, role: Role.Tutor }, makeTutorMeta({ id: 3 }));
    const bio = 'معلمة محادثة إنجليزية للمبتدئين';
    const about = 'أدرّس الإنجليزية منذ خمس سنوات، وأركّز على المحادثة اليومية والنطق الصحيح مع طلابي.';
    const { requests } = renderApp({
      path: '/t/settings',
      account,
      api: ({ method }) =>
        method === 'PUT' ? json(200, { ...account, tutor: { ...account.tutor, bio, about } }) : undefined,
    });

    const bioField = await screen.findByLabelText('نبذة قصيرة');
    await user.type(bioField, 'معلمة');
    expect(screen.getByText('اكتب ٢٠ حرفًا أخرى على الأقل')).toBeInTheDocument();
    await user.clear(bioField);
    await user.type(bioField, bio);
    expect(
      screen.getByText(`متبقٍّ ${new Intl.NumberFormat('ar-EG').format(60 - bio.length)} حرفًا`),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('عرّف بنفسك'), about);
    await user.click(screen.getByRole('button', { name: 'حفظ' }));

    expect(await screen.findByText('تم حفظ التغييرات.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ bio, about });
  });

  it('refuses a short about text in Arabic', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/t/settings', account: makeAccount({ id: 3, role: Role.Tutor }) });
    await user.type(await screen.findByLabelText('نبذة قصيرة'), 'معلمة محادثة إنجليزية للمبتدئين');
    await user.type(screen.getByLabelText('عرّف بنفسك'), 'قصير');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('النص التعريفي قصير. اكتب ٥٠ حرفًا على الأقل.')).toBeInTheDocument();
  });
});
