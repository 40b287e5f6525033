import '../../../test/setup.ts';
import type { Coupon, Invite } from '@hiwar/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
beforeAll(async () => { await import('../../../routes/pages/plans.page.tsx'); }, 60_000);
import { apiError, type FakeHandler } from '../../../test/fake-api.ts';
import { makeCoupon, makeInvite, makePlan, regularAdmin, superAdmin } from '../../../test/fixtures.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';

/** The server's coupon routes over a list in memory, newest first. */
function couponRoutes(initial: Coupon[]): FakeHandler[] {
  let coupons = [...initial];
  const byId = /^\/api\/v1\/coupon\/(\d+)$/;
  const idOf = (url: URL) => Number(byId.exec(url.pathname)?.[1]);
  return [
    {
      method: 'GET',
      path: '/api/v1/coupon/list',
      answer: ({ url }) => {
        const search = url.searchParams.get('search')?.toUpperCase();
        const list = coupons.filter((coupon) => !search || coupon.code.includes(search));
        return { body: { list, total: list.length } };
      },
    },
    {
      method: 'POST',
      path: '/api/v1/coupon',
      answer: ({ body }) => {
        const coupon = makeCoupon({ ...(body as Partial<Coupon>), id: 50, uses: 0 });
        coupons = [coupon, ...coupons];
        return { body: coupon };
      },
    },
    {
      method: 'PUT',
      path: byId,
      answer: ({ url, body }) => {
        coupons = coupons.map((coupon) =>
          coupon.id === idOf(url) ? { ...coupon, ...(body as Partial<Coupon>) } : coupon,
        );
        return { body: coupons.find((coupon) => coupon.id === idOf(url)) };
      },
    },
    {
      method: 'DELETE',
      path: byId,
      answer: ({ url }) => {
        coupons = coupons.filter((coupon) => coupon.id !== idOf(url));
        return { body: { ok: true } };
      },
    },
  ];
}

const vipPlan = makePlan({ id: 9, alias: 'كبار العملاء', forInvitesOnly: true });
const openPlan = makePlan({ id: 2 });

function inviteRoutes(initial: Invite[]): FakeHandler[] {
  let invites = [...initial];
  return [
    {
      method: 'GET',
      path: '/api/v1/plan/list',
      answer: () => ({ body: { list: [openPlan, vipPlan], total: 2 } }),
    },
    {
      method: 'GET',
      path: '/api/v1/invite/list',
      answer: ({ url }) => {
        const planId = url.searchParams.get('planId');
        const list = invites.filter((invite) => !planId || invite.planId === Number(planId));
        return { body: { list, total: list.length } };
      },
    },
    {
      method: 'POST',
      path: '/api/v1/invite',
      answer: ({ body }) => {
        const invite = makeInvite({ ...(body as Partial<Invite>), id: 70 });
        invites = [invite, ...invites];
        return { body: invite };
      },
    },
    {
      method: 'DELETE',
      path: /^\/api\/v1\/invite\/\d+$/,
      answer: ({ url }) => {
        invites = invites.filter((invite) => `/api/v1/invite/${invite.id}` !== url.pathname);
        return { body: { ok: true } };
      },
    },
  ];
}

describe('coupons tab', () => {
  it('lists coupons with discount, usage and state', async () => {
    renderAdmin({
      path: '/plans?tab=coupons',
      signedInAs: superAdmin,
      handlers: couponRoutes([
        makeCoupon(),
        makeCoupon({ id: 2, code: 'OLD-10', discount: 1000, expiresAt: '2020-01-01T00:00:00.000Z' }),
        makeCoupon({ id: 3, code: 'FULL-5', discount: 500, usageLimit: 5, uses: 5 }),
      ]),
    });
    const table = await screen.findByRole('table', { name: 'الكوبونات' });
    const row = (code: string) =>
      within(table)
        .getByRole('rowheader', { name: new RegExp(code) })
        .closest('tr');
    expect(within(row('WELCOME-20') as HTMLElement).getByText('٢٠٪')).toBeInTheDocument();
    expect(within(row('WELCOME-20') as HTMLElement).getAllByText(/٣ من ١٠٠/).length).toBeGreaterThan(0);
    expect(within(row('WELCOME-20') as HTMLElement).getByText('صالح')).toBeInTheDocument();
    expect(within(row('OLD-10') as HTMLElement).getByText('منتهي')).toBeInTheDocument();
    expect(within(row('FULL-5') as HTMLElement).getByText('مُستنفد')).toBeInTheDocument();
  });

  it('creates a coupon: upper-case code, basis points, the expiry in Cairo time, a usage limit', async () => {
    const { user, api } = renderAdmin({
      path: '/plans?tab=coupons',
      signedInAs: superAdmin,
      handlers: couponRoutes([]),
    });
    expect(await screen.findByText('لا توجد كوبونات بعد')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'كوبون جديد' }));
    const dialog = await screen.findByRole('dialog', { name: 'كوبون جديد' });

    const code = within(dialog).getByLabelText('الكود');
    await user.type(code, 'ramadan-25');
    expect(code).toHaveValue('RAMADAN-25');
    const discount = within(dialog).getByLabelText('نسبة الخصم');
    await user.clear(discount);
    await user.type(discount, '٢٥');
    // 23:59 on 10 March 2030 in Cairo (UTC+2 then) is 21:59 UTC.
    fireEvent.change(within(dialog).getByLabelText('ينتهي في'), { target: { value: '2030-03-10T23:59' } });
    await user.type(within(dialog).getByLabelText(/الحد الأقصى لعدد مرات الاستخدام/), '100');
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء الكوبون' }));

    expect(await screen.findByText('أُنشئ الكوبون RAMADAN-25.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/v1/coupon').map((request) => request.body)).toEqual([
      { code: 'RAMADAN-25', discount: 2500, expiresAt: '2030-03-10T21:59:00.000Z', usageLimit: 100 },
    ]);
    expect(await screen.findByRole('rowheader', { name: /RAMADAN-25/ })).toBeInTheDocument();
  });

  it('shows coupon validation and a taken code in Arabic', async () => {
    const { user, api } = renderAdmin({
      path: '/plans?tab=coupons',
      signedInAs: superAdmin,
      handlers: [
        { method: 'POST', path: '/api/v1/coupon', answer: () => apiError(409, 'coupon-exists') },
        ...couponRoutes([]),
      ],
    });
    await screen.findByText('لا توجد كوبونات بعد');
    await user.click(screen.getByRole('button', { name: 'كوبون جديد' }));
    const dialog = await screen.findByRole('dialog', { name: 'كوبون جديد' });
    await user.type(within(dialog).getByLabelText('الكود'), 'AB');
    fireEvent.change(within(dialog).getByLabelText('ينتهي في'), { target: { value: '2020-01-01T10:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء الكوبون' }));
    expect(await within(dialog).findByText(/كود الخصم غير صالح/)).toBeInTheDocument();
    expect(within(dialog).getByText('انتهت صلاحية كود الخصم.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/v1/coupon')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('الكود'), 'CD');
    fireEvent.change(within(dialog).getByLabelText('ينتهي في'), { target: { value: '2030-01-01T10:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء الكوبون' }));
    expect(
      await within(dialog).findByText('يوجد كود خصم بهذا الاسم بالفعل. اختر كودًا آخر.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('الكود')).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits only the usage limit of an expired coupon, and refuses a limit under its uses', async () => {
    const expired = makeCoupon({ id: 2, code: 'OLD-10', expiresAt: '2020-01-01T00:00:00.000Z', uses: 7 });
    const { user, api } = renderAdmin({
      path: '/plans?tab=coupons',
      signedInAs: superAdmin,
      handlers: couponRoutes([expired]),
    });
    await user.click(await screen.findByRole('button', { name: 'إجراءات OLD-10' }));
    await user.click(await screen.findByRole('menuitem', { name: 'تعديل' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل الكوبون OLD-10' });
    expect(dialog).toHaveTextContent('استُخدم حتى الآن ٧ مرات.');
    const limit = within(dialog).getByLabelText(/الحد الأقصى لعدد مرات الاستخدام/);
    await user.clear(limit);
    await user.type(limit, '5');
    expect(
      within(dialog).getByText('لا يمكن أن يقل الحد عن عدد مرات الاستخدام حتى الآن.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التغييرات' }));
    expect(api.calls('PUT', '/api/v1/coupon/2')).toHaveLength(0);

    await user.clear(limit);
    await user.type(limit, '500');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await screen.findByText('حُفظت تغييرات الكوبون OLD-10.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/v1/coupon/2').map((request) => request.body)).toEqual([
      { usageLimit: 500 },
    ]);
  });

  it('deletes a coupon after confirming', async () => {
    const { user, api } = renderAdmin({
      path: '/plans?tab=coupons',
      signedInAs: superAdmin,
      handlers: couponRoutes([makeCoupon()]),
    });
    await user.click(await screen.findByRole('button', { name: 'إجراءات WELCOME-20' }));
    await user.click(await screen.findByRole('menuitem', { name: 'حذف' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف الكوبون WELCOME-20؟' });
    await user.click(within(dialog).getByRole('button', { name: 'حذف الكوبون' }));
    expect(await screen.findByText('حُذف الكوبون WELCOME-20.')).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/v1/coupon/1')).toHaveLength(1);
  });

  it('lets a regular admin see coupons without managing them', async () => {
    renderAdmin({
      path: '/plans?tab=coupons',
      signedInAs: regularAdmin,
      handlers: couponRoutes([makeCoupon()]),
    });
    await screen.findByRole('table', { name: 'الكوبونات' });
    expect(screen.queryByRole('button', { name: 'كوبون جديد' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /إجراءات/ })).not.toBeInTheDocument();
  });
});

describe('invites tab', () => {
  it('invites an e-mail to an invite-only plan and lists it with the plan name', async () => {
    const { user, api } = renderAdmin({
      path: '/plans?tab=invites',
      signedInAs: superAdmin,
      handlers: inviteRoutes([]),
    });
    expect(await screen.findByText('لا توجد دعوات بعد')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'دعوة جديدة' }));
    const dialog = await screen.findByRole('dialog', { name: 'دعوة إلى خطة خاصة' });
    await user.type(within(dialog).getByLabelText('البريد الإلكتروني'), 'Vip@Example.com');
    // The only invite-only plan is chosen already.
    expect(within(dialog).getByRole('combobox', { name: 'الخطة' })).toHaveTextContent('كبار العملاء');
    await user.click(within(dialog).getByRole('button', { name: 'إرسال الدعوة' }));

    expect(await screen.findByText('دُعي vip@example.com.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/v1/invite').map((request) => request.body)).toEqual([
      { email: 'vip@example.com', planId: 9 },
    ]);
    const table = await screen.findByRole('table', { name: 'الدعوات' });
    expect(within(table).getAllByText('كبار العملاء').length).toBeGreaterThan(0);
  });

  it('withdraws an invite after confirming', async () => {
    const { user, api } = renderAdmin({
      path: '/plans?tab=invites',
      signedInAs: superAdmin,
      handlers: inviteRoutes([makeInvite()]),
    });
    await user.click(await screen.findByRole('button', { name: 'سحب الدعوة: vip@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'سحب دعوة vip@example.com؟' });
    await user.click(within(dialog).getByRole('button', { name: 'سحب الدعوة' }));
    expect(await screen.findByText('سُحبت دعوة vip@example.com.')).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/v1/invite/1')).toHaveLength(1);
  });
});
