import '../../../test/setup.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fake-api.ts';
import { superAdmin } from '../../../test/fixtures.ts';
import { makeToken, renderAdmin } from '../../../test/render-admin.tsx';

function card(title: string): HTMLElement {
  return screen.getByRole('heading', { name: title }).closest('.rounded-2xl') as HTMLElement;
}

describe('account settings', () => {
  it('saves only the changed profile fields', async () => {
    const { user, api } = renderAdmin({
      path: '/user-settings',
      signedInAs: superAdmin,
      handlers: [
        {
          method: 'PUT',
          path: '/api/v1/user/1',
          answer: () => ({ body: { user: { ...superAdmin, name: 'سارة أحمد' }, tutor: null } }),
        },
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'إعدادات الحساب' });
    const profile = card('البيانات الشخصية');
    const name = within(profile).getByLabelText('الاسم');
    await user.clear(name);
    await user.type(name, 'سارة أحمد');
    await user.click(within(profile).getByRole('button', { name: 'حفظ البيانات' }));

    expect(await screen.findByText('تم حفظ بياناتك.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/v1/user/1').map((request) => request.body)).toEqual([
      { name: 'سارة أحمد' },
    ]);
    const account = screen.getAllByRole('region', { name: 'حسابك' })[0] as HTMLElement;
    expect(within(account).getByText('سارة أحمد', { selector: '.font-bold bdi' })).toBeInTheDocument();
  });

  it('checks the new password twice before sending, and shows a wrong current password on its field', async () => {
    const { user, api } = renderAdmin({
      path: '/user-settings',
      signedInAs: superAdmin,
      handlers: [{ method: 'PUT', path: '/api/v1/user/1', answer: () => apiError(400, 'wrong-password') }],
    });
    await screen.findByRole('heading', { level: 1, name: 'إعدادات الحساب' });
    const form = card('كلمة المرور');
    await user.type(within(form).getByLabelText('كلمة المرور الحالية'), 'old-pass-1!');
    await user.type(within(form).getByLabelText('كلمة المرور الجديدة'), 'new-pass-1!');
    await user.type(within(form).getByLabelText('تأكيد كلمة المرور الجديدة'), 'new-pass-2!');
    await user.click(within(form).getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await within(form).findByText('كلمتا المرور غير متطابقتين.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/v1/user/1')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('تأكيد كلمة المرور الجديدة'));
    await user.type(within(form).getByLabelText('تأكيد كلمة المرور الجديدة'), 'new-pass-1!');
    await user.click(within(form).getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await within(form).findByText('كلمة المرور غير صحيحة.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/v1/user/1')[0]?.body).toEqual({
      password: { current: 'old-pass-1!', new: 'new-pass-1!' },
    });
  });

  it('keeps the session with the new token a password change answers', async () => {
    const newToken = makeToken(superAdmin.id);
    const { user } = renderAdmin({
      path: '/user-settings',
      signedInAs: superAdmin,
      handlers: [
        {
          method: 'PUT',
          path: '/api/v1/user/1',
          answer: () => ({ body: { user: superAdmin, tutor: null, token: `${newToken}x` } }),
        },
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'إعدادات الحساب' });
    const form = card('كلمة المرور');
    await user.type(within(form).getByLabelText('كلمة المرور الحالية'), 'old-pass-1!');
    await user.type(within(form).getByLabelText('كلمة المرور الجديدة'), 'new-pass-1!');
    await user.type(within(form).getByLabelText('تأكيد كلمة المرور الجديدة'), 'new-pass-1!');
    await user.click(within(form).getByRole('button', { name: 'تغيير كلمة المرور' }));

    expect(await screen.findByText('تم تغيير كلمة المرور.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('auth-token') ?? '{}')).toEqual({
      type: 'bearer',
      value: `${newToken}x`,
    });
  });
});
