import '../../test/setup.ts';
import { Governorate, Role } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makeAccount } from '../../test/fixtures.ts';
import { makePlan } from '../../test/payment-fixtures.ts';
import { type ApiRequest, makeToken, renderApp } from '../../test/render-app.tsx';

/** Where an invitation e-mail sends its reader: the invite-only plan on the plans page. */
const PLAN_PATH = '/subscription?plan=9';
const REDIRECT = encodeURIComponent(PLAN_PATH);
const plans = [makePlan(), makePlan({ id: 9, alias: 'الخاصة', weeklyMinutes: 300, forInvitesOnly: true })];

const codeSent = () => ({
  ok: true,
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  resendAt: new Date(Date.now() + 60_000).toISOString(),
});

/** The plans page's requests: the plans (the invited one among them) and no subscription yet. */
function plansApi({ path }: ApiRequest) {
  if (path.startsWith('/api/v1/plan/list')) {
    return json(200, { list: plans, total: plans.length });
  }
  if (path === '/api/v1/sub/current') {
    return json(200, null);
  }
  return undefined;
}

let scrolledTo: Element[] = [];
beforeEach(() => {
  scrolledTo = [];
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolledTo.push(this);
  });
});
afterEach(() => {
  // jsdom has none; the page calls it only where it exists.
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

/** The highlighted plan's card, once the page shows it. */
async function chosenPlanCard() {
  const card = await screen.findByRole('article', { name: 'الخاصة' });
  expect(within(card).getByText('مختارة لك')).toBeInTheDocument();
  await waitFor(() => expect(scrolledTo).toContain(card));
  return card;
}

describe('an invitation’s destination', () => {
  it('is kept through sign-up, e-mail verification and the profile, then lands on the highlighted plan', async () => {
    const user = userEvent.setup();
    const fresh = makeAccount({
      id: 60,
      name: null,
      email: 'laila@example.com',
      role: Role.Student,
      verifiedEmail: false,
      city: null,
      phone: null,
    });
    let account: typeof fresh | null = null;
    const api = (request: ApiRequest) => {
      const { method, path, body } = request;
      if (method === 'POST' && path === '/api/v1/user/') {
        account = fresh;
        return json(200, { ...fresh, token: makeToken(60) });
      }
      if (method === 'PUT' && path === '/api/v1/auth/send-verify-email') {
        return json(200, codeSent());
      }
      if (method === 'PUT' && path === '/api/v1/auth/verify-email') {
        account = { ...fresh, user: { ...fresh.user, verifiedEmail: true } };
        return json(200, account);
      }
      if (method === 'PUT' && path.startsWith('/api/v1/user/') && account) {
        account = { ...account, user: { ...account.user, ...(body as object) } };
        return json(200, account);
      }
      if (path === '/api/v1/user/current' && account) {
        return json(200, account);
      }
      return plansApi(request);
    };
    const { router, requests } = renderApp({
      path: `/register/student?redirect=${REDIRECT}&email=laila%40example.com`,
      api,
      config: { webUrl: 'https://hiwar.example' },
    });

    // The invited address is filled in; signing in instead keeps the destination too.
    expect(await screen.findByLabelText('البريد الإلكتروني')).toHaveValue('laila@example.com');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'سجّل الدخول' })).toHaveAttribute(
      'href',
      `/login?redirect=${REDIRECT}`,
    );
    await user.type(screen.getByLabelText('كلمة المرور'), 'secret-pass-1!');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'secret-pass-1!');
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));

    // 1. Verify the e-mail: the page and the e-mailed link both carry the destination.
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(router.state.location.search).toBe(`?redirect=${REDIRECT}`);
    expect(requests.find((request) => request.path === '/api/v1/auth/send-verify-email')?.body).toEqual({
      callbackUrl: `https://hiwar.example/verify-email?redirect=${REDIRECT}`,
    });
    await user.type(await screen.findByLabelText('رمز التحقق'), '1234');

    // 2. Complete the profile, still headed for the plan.
    await waitFor(() => expect(router.state.location.pathname).toBe('/complete-profile'));
    expect(router.state.location.search).toBe(`?redirect=${REDIRECT}`);
    await user.type(await screen.findByLabelText('الاسم'), 'ليلى سمير');
    await user.type(screen.getByLabelText('رقم الموبايل'), '01012345678');
    await user.click(screen.getByRole('combobox', { name: 'المحافظة' }));
    await user.click(await screen.findByRole('option', { name: 'الإسكندرية' }));
    await user.click(screen.getByRole('button', { name: 'حفظ ومتابعة' }));

    // 3. The plan, scrolled to and highlighted.
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
    expect(router.state.location.search).toBe('?plan=9');
    expect(
      requests.find((request) => request.method === 'PUT' && request.path === '/api/v1/user/60')?.body,
    ).toMatchObject({ city: Governorate.Alexandria });
    await chosenPlanCard();
    expect(screen.getByRole('article', { name: 'المنتظم' })).not.toHaveTextContent('مختارة لك');
  });

  it('is kept through sign-in', async () => {
    const invited = makeAccount({ id: 61, role: Role.Student });
    const { router } = renderApp({
      path: `/login?redirect=${REDIRECT}&email=sara%40example.com`,
      api: (request) => {
        if (request.method === 'POST' && request.path === '/api/v1/auth/password') {
          return json(200, { ...invited, token: makeToken(61) });
        }
        if (request.path === '/api/v1/user/current') {
          return json(200, invited);
        }
        return plansApi(request);
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByLabelText('البريد الإلكتروني')).toHaveValue('sara@example.com');
    await user.type(screen.getByLabelText('كلمة المرور'), 'secret-pass-1!');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
    expect(router.state.location.search).toBe('?plan=9');
    await chosenPlanCard();
  });

  it('is kept by the e-mailed verification link opened signed out: sign in, then the plan', async () => {
    renderApp({
      path: `/verify-email?token=abc&redirect=${REDIRECT}`,
      api: ({ path }) =>
        path === '/api/v1/auth/verify-email' ? json(200, makeAccount({ verifiedEmail: true })) : undefined,
    });
    expect(await screen.findByRole('link', { name: 'سجّل الدخول للمتابعة' })).toHaveAttribute(
      'href',
      `/login?redirect=${REDIRECT}`,
    );
  });

  it('never carries a destination on another site', async () => {
    const { router } = renderApp({
      path: `/register/student?redirect=${encodeURIComponent('//evil.example/x')}`,
    });
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('link', { name: 'سجّل الدخول' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe('/register/student');
  });

  it('says so when the named plan is not available to this account', async () => {
    renderApp({ path: '/subscription?plan=77', user: { role: Role.Student }, api: plansApi });
    expect(await screen.findByText(/الباقة التي فتحت رابطها غير متاحة لحسابك/)).toBeInTheDocument();
    expect(screen.queryByText('مختارة لك')).not.toBeInTheDocument();
  });
});
