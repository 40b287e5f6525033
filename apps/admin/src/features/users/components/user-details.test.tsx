import '../../../test/setup.ts';
import { Role, type TutorMeta, type User } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeHandler } from '../../../test/fake-api.ts';
import {
  makeTutorMeta,
  regularAdmin,
  student,
  superAdmin,
  tutor,
  tutorManager,
} from '../../../test/fixtures.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';

/** The server's user routes for one stored user and their tutor meta; PUT applies the body. */
function userRoutes(initial: User, initialMeta: TutorMeta | null): FakeHandler[] {
  let user = initial;
  let meta = initialMeta;
  const byId = new RegExp(`^/api/v1/user/${initial.id}$`);
  return [
    { method: 'GET', path: byId, answer: () => ({ body: user }) },
    {
      method: 'GET',
      path: `/api/v1/user/tutor/meta/${initial.id}`,
      answer: () => (meta ? { body: meta } : apiError(404, 'tutor-not-found')),
    },
    {
      method: 'PUT',
      path: byId,
      answer: ({ body }) => {
        const patch = body as Record<string, unknown>;
        const { activated, ...userPatch } = patch;
        user = { ...user, ...userPatch, updatedAt: new Date().toISOString() } as User;
        if (meta && typeof activated === 'boolean') {
          meta = { ...meta, activated, activatedBy: activated ? superAdmin.id : null };
        }
        return { body: { user, tutor: meta } };
      },
    },
  ];
}

describe('user page', () => {
  it("shows a tutor's profile and tutor meta", async () => {
    renderAdmin({
      path: '/user/3',
      signedInAs: superAdmin,
      handlers: userRoutes(tutor, makeTutorMeta()),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'ليلى المعلمة' })).toBeInTheDocument();
    expect(await screen.findByText('معلمة إنجليزي بخبرة عشر سنوات في المحادثة')).toBeInTheDocument();
    expect(screen.getByText('١٤ يومًا')).toBeInTheDocument();
    expect(screen.getAllByText('غير مفعّل').length).toBeGreaterThan(0);
    expect(screen.getByText('القاهرة')).toBeInTheDocument();
    expect(screen.getByText('أنثى')).toBeInTheDocument();
    expect(screen.getByText('١٩٩٠')).toBeInTheDocument();
    expect(screen.getByText('01012345678')).toBeInTheDocument();
  });

  it('shows which marketing link a user signed up through, or that they came directly', async () => {
    renderAdmin({
      path: `/user/${student.id}`,
      signedInAs: regularAdmin,
      handlers: userRoutes({ ...student, leadSource: 'sfb' }, null),
    });
    const source = await screen.findByText('مصدر التسجيل');
    expect(source.nextElementSibling).toHaveTextContent('فيسبوك');
    expect(source.nextElementSibling).toHaveTextContent('/url/sfb');
  });

  it('says a user without a lead source came directly', async () => {
    renderAdmin({
      path: `/user/${student.id}`,
      signedInAs: regularAdmin,
      handlers: userRoutes(student, null),
    });
    const source = await screen.findByText('مصدر التسجيل');
    expect(source.nextElementSibling).toHaveTextContent('مباشر (بدون رابط تسويقي)');
  });

  it('activates a tutor after confirming, with PUT { activated: true }', async () => {
    const { user, api } = renderAdmin({
      path: '/user/3',
      signedInAs: superAdmin,
      handlers: userRoutes(tutor, makeTutorMeta()),
    });
    const toggle = await screen.findByRole('switch', { name: 'تفعيل المعلم' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);

    const dialog = await screen.findByRole('dialog', { name: 'تفعيل ليلى المعلمة؟' });
    expect(api.calls('PUT', '/api/v1/user/3')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'تفعيل المعلم' }));

    expect(await screen.findByText('تم تفعيل المعلم.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/v1/user/3').map((request) => request.body)).toEqual([{ activated: true }]);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'تفعيل المعلم' })).toHaveAttribute('aria-checked', 'true'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user, api } = renderAdmin({
      path: '/user/3',
      signedInAs: superAdmin,
      handlers: userRoutes(tutor, makeTutorMeta({ activated: true })),
    });
    await user.click(await screen.findByRole('switch', { name: 'تفعيل المعلم' }));
    const dialog = await screen.findByRole('dialog', { name: 'إيقاف تفعيل ليلى المعلمة؟' });
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('PUT', '/api/v1/user/3')).toHaveLength(0);
  });

  it("shows the server's forbidden answer in Arabic", async () => {
    const routes = userRoutes(student, null);
    const { user } = renderAdmin({
      path: '/user/4',
      signedInAs: regularAdmin,
      handlers: [
        { method: 'PUT', path: '/api/v1/user/4', answer: () => apiError(403, 'forbidden') },
        ...routes,
      ],
    });
    await user.click(await screen.findByRole('switch', { name: 'تأكيد البريد الإلكتروني' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء تأكيد البريد' }));
    expect(
      await screen.findByText('ليست لديك صلاحية للقيام بذلك. استخدم حسابًا آخر أو تواصل مع أحد المسؤولين.'),
    ).toBeInTheDocument();
  });

  it('lets a super admin change the role of someone else, never their own', async () => {
    const { user, api, router } = renderAdmin({
      path: '/user/4',
      signedInAs: superAdmin,
      handlers: [...userRoutes(student, null), ...userRoutes(superAdmin, null)],
    });
    const roleSelect = await screen.findByRole('combobox', { name: 'الدور' });
    await user.click(roleSelect);
    await user.click(await screen.findByRole('option', { name: 'مدير المعلمين' }));
    await user.click(screen.getByRole('button', { name: 'حفظ الدور' }));
    const dialog = await screen.findByRole('dialog', { name: 'تغيير الدور؟' });
    expect(dialog).toHaveTextContent('سيتغيّر دور كريم الطالب من «طالب» إلى «مدير المعلمين».');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الدور' }));
    expect(await screen.findByText('تم تغيير الدور.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/v1/user/4').map((request) => request.body)).toEqual([
      { role: Role.TutorManager },
    ]);

    await router.navigate('/user/1');
    expect(await screen.findByText(/هذا حسابك/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'الدور' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'تأكيد البريد الإلكتروني' })).toBeDisabled();
  });

  it('offers no role change to a regular admin', async () => {
    renderAdmin({ path: '/user/4', signedInAs: regularAdmin, handlers: userRoutes(student, null) });
    await screen.findByRole('heading', { level: 1, name: 'كريم الطالب' });
    expect(screen.queryByRole('combobox', { name: 'الدور' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'تأكيد البريد الإلكتروني' })).toBeEnabled();
  });

  it('shows a tutor manager a tutor read-only', async () => {
    renderAdmin({ path: '/user/3', signedInAs: tutorManager, handlers: userRoutes(tutor, makeTutorMeta()) });
    await screen.findByRole('heading', { level: 1, name: 'ليلى المعلمة' });
    expect(screen.getByText('يمكنك عرض هذا الحساب فقط. تعديل الحسابات للمسؤولين.')).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'تفعيل المعلم' })).toBeDisabled();
  });

  it('shows a clear not-found state for an unknown id', async () => {
    const { api } = renderAdmin({
      path: '/user/999',
      signedInAs: superAdmin,
      handlers: [{ method: 'GET', path: '/api/v1/user/999', answer: () => apiError(404, 'user-not-found') }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'المستخدم غير موجود' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى المستخدمين' })).toHaveAttribute('href', '/users');
    expect(api.calls('GET', '/api/v1/user/999')).toHaveLength(1);
  });

  it('treats an id that is not a number as not found, without asking the server', async () => {
    const { api } = renderAdmin({ path: '/user/abc', signedInAs: superAdmin });
    expect(await screen.findByRole('heading', { level: 1, name: 'المستخدم غير موجود' })).toBeInTheDocument();
    expect(api.calls('GET', /^\/api\/v1\/user\/abc/)).toHaveLength(0);
  });
});
