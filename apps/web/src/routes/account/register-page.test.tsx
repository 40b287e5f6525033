import '../../test/setup.ts';
import { Role } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readLeadSource, rememberLeadSource } from '../../features/account/lib/lead-source.ts';
import { apiError, json, makeAccount } from '../../test/fixtures.ts';
import { type ApiRequest, makeToken, renderApp } from '../../test/render-app.tsx';

const codeSent = (inSeconds = 60) => ({
  ok: true,
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  resendAt: new Date(Date.now() + inSeconds * 1000).toISOString(),
});

async function fill(fields: { name?: string; email?: string; password?: string; confirm?: string }) {
  const user = userEvent.setup();
  if (fields.name) {
    await user.type(await screen.findByLabelText(/الاسم/), fields.name);
  }
  if (fields.email) {
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), fields.email);
  }
  if (fields.password) {
    await user.type(screen.getByLabelText('كلمة المرور'), fields.password);
  }
  if (fields.confirm) {
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), fields.confirm);
  }
  await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
  return user;
}

describe('register page', () => {
  it('explains each invalid field in Arabic and sends nothing', async () => {
    const { requests } = renderApp({ path: '/register/student' });

    await fill({ email: 'mona@example', password: 'short', confirm: 'shorter' });

    const email = screen.getByLabelText('البريد الإلكتروني');
    expect(await screen.findByText('البريد الإلكتروني غير صحيح. مثال: name@example.com')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('كلمة المرور قصيرة. يجب ألا تقل عن ٨ أحرف.')).toBeInTheDocument();
    expect(screen.getByText('كلمتا المرور غير متطابقتين.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('asks for a digit, a small letter and a symbol', async () => {
    renderApp({ path: '/register/student' });
    await fill({ email: 'mona@example.com', password: 'abcdefgh', confirm: 'abcdefgh' });
    expect(
      await screen.findByText(
        'يجب أن تحتوي كلمة المرور على رقم وحرف إنجليزي صغير ورمز واحد على الأقل، بدون مسافات.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a taken e-mail under the e-mail field', async () => {
    renderApp({
      path: '/register/student',
      api: ({ path }) => (path === '/api/v1/user/' ? apiError(409, 'user-exists') : undefined),
    });
    await fill({ email: 'mona@example.com', password: 'secret-pass-1!', confirm: 'secret-pass-1!' });
    expect(
      await screen.findByText('هذا البريد الإلكتروني مسجّل بالفعل. استخدم بريدًا إلكترونيًا آخر أو سجّل الدخول.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says in the form, in Arabic, when sign-ups from here may be tried again (429 with Retry-After)', async () => {
    const answers = [
      new Response(
        JSON.stringify({
          code: 'too-many-requests',
          message: 'Rate limit exceeded, retry in 120 seconds',
          details: { retryAfterSeconds: 120 },
        }),
        { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '120' } },
      ),
      // Without the body's details, the Retry-After header says it.
      new Response(JSON.stringify({ code: 'too-many-requests', message: 'slow down' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '45' },
      }),
    ];
    const { requests } = renderApp({
      path: '/register/student',
      api: ({ path }) => (path === '/api/v1/user/' ? answers.shift() : undefined),
    });
    const user = await fill({
      email: 'mona@example.com',
      password: 'secret-pass-1!',
      confirm: 'secret-pass-1!',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'محاولات كثيرة في وقت قصير. حاول مرة أخرى بعد دقيقتين.',
    );
    const submit = screen.getByRole('button', { name: 'إنشاء الحساب' });
    expect(submit).toBeEnabled();

    await user.click(submit);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'محاولات كثيرة في وقت قصير. حاول مرة أخرى بعد ٤٥ ثانية.',
      ),
    );
    expect(requests.filter((request) => request.path === '/api/v1/user/')).toHaveLength(2);
  });

  it('signs a tutor up, sends the verification code, and opens the verify page', async () => {
    const account = makeAccount({
      id: 40,
      name: 'منى أحمد',
      email: 'mona@example.com',
      role: Role.Tutor,
      verifiedEmail: false,
      city: null,
      phone: null,
    });
    let signedUp = false;
    const api = ({ method, path }: ApiRequest) => {
      if (method === 'POST' && path === '/api/v1/user/') {
        signedUp = true;
        return json(200, { ...account, token: makeToken(40) });
      }
      if (method === 'PUT' && path === '/api/v1/auth/send-verify-email') {
        return json(200, codeSent());
      }
      if (path === '/api/v1/user/current' && signedUp) {
        return json(200, account);
      }
      return undefined;
    };
    const { router, requests } = renderApp({
      path: '/register/tutor',
      api,
      config: { webUrl: 'https://hiwar.example' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'انضم إلى حوار كمعلم' })).toBeInTheDocument();

    await fill({
      name: 'منى  أحمد',
      email: ' Mona@Example.com',
      password: 'secret-pass-1!',
      confirm: 'secret-pass-1!',
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(requests.find((request) => request.path === '/api/v1/user/')?.body).toEqual({
      email: 'mona@example.com',
      password: 'secret-pass-1!',
      role: Role.Tutor,
      name: 'منى أحمد',
    });
    expect(requests.find((request) => request.path === '/api/v1/auth/send-verify-email')?.body).toEqual({
      callbackUrl: 'https://hiwar.example/verify-email',
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'أكّد بريدك الإلكتروني' });
    expect(heading.parentElement).toHaveTextContent('أرسلنا رمزًا من ٤ أرقام');
    // The cooldown started with the code sent at sign-up.
    expect(screen.getByText(/يمكنك طلب رمز جديد بعد/)).toBeInTheDocument();
    expect(localStorage.getItem('auth-token')).not.toBeNull();
  });

  it('sends the lead source of the landing link the visitor came through, kept until sign-up', async () => {
    const account = makeAccount({
      id: 41,
      email: 'sara@example.com',
      role: Role.Student,
      verifiedEmail: false,
    });
    const api = ({ method, path }: ApiRequest) => {
      if (method === 'POST' && path === '/api/v1/user/') {
        return json(200, { ...account, token: makeToken(41) });
      }
      if (method === 'PUT' && path === '/api/v1/auth/send-verify-email') {
        return json(200, codeSent());
      }
      return undefined;
    };
    const { router, requests } = renderApp({ path: '/register/student?source=nonsense', api });
    // The visitor had followed /url/sfb on the landing site; an unknown source does not replace it.
    rememberLeadSource('?source=sfb');
    await fill({ email: 'sara@example.com', password: 'secret-pass-1!', confirm: 'secret-pass-1!' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(requests.find((request) => request.path === '/api/v1/user/')?.body).toMatchObject({
      email: 'sara@example.com',
      leadSource: 'sfb',
    });
    expect(readLeadSource()).toBeUndefined();
  });

  it('keeps a ?source= from the address for the sign-up', async () => {
    renderApp({ path: '/register/student?source=syt' });
    await screen.findByRole('heading', { level: 1 });
    expect(readLeadSource()).toBe('syt');
    expect(readLeadSource(Date.now() + 31 * 24 * 60 * 60 * 1000)).toBeUndefined();
  });

  it('is a 404 for any other role', async () => {
    renderApp({ path: '/register/admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
  });

  it('links to the other role and to the terms', async () => {
    renderApp({ path: '/register/student', config: { landingUrl: 'https://hiwar.example' } });
    const main = within(await screen.findByRole('main'));
    expect(main.getByRole('link', { name: 'سجّل كمعلم' })).toHaveAttribute('href', '/register/tutor');
    expect(main.getByRole('link', { name: 'الشروط والأحكام' })).toHaveAttribute(
      'href',
      'https://hiwar.example/terms',
    );
  });
});
