import '../../test/setup.ts';
import { Governorate, Role } from '@hiwar/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeAccount } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('complete profile', () => {
  it('asks a student for name, governorate and phone, then goes on', async () => {
    const user = userEvent.setup();
    const account = makeAccount({ name: null, city: null, phone: null });
    const { router, requests } = renderApp({
      path: '/complete-profile',
      account,
      api: ({ method, body }) =>
        method === 'PUT'
          ? json(200, { ...account, user: { ...account.user, ...(body as object), phone: '01012345678' } })
          : undefined,
    });

    await user.click(await screen.findByRole('button', { name: 'حفظ ومتابعة' }));
    expect(await screen.findAllByText('هذا الحقل مطلوب.')).toHaveLength(3);

    await user.type(screen.getByLabelText('الاسم'), 'منى أحمد');
    await user.type(screen.getByLabelText('رقم الموبايل'), '010 1234 5678');
    await user.click(screen.getByRole('combobox', { name: 'المحافظة' }));
    await user.click(await screen.findByRole('option', { name: 'الإسكندرية' }));
    await user.click(screen.getByRole('button', { name: 'حفظ ومتابعة' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/s/dashboard'));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      name: 'منى أحمد',
      city: Governorate.Alexandria,
      phone: '01012345678',
    });
  });

  it('offers each governorate once, in Arabic', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/complete-profile', account: makeAccount({ city: null }) });
    await user.click(await screen.findByRole('combobox', { name: 'المحافظة' }));
    const options = await screen.findAllByRole('option');
    const names = options.map((option) => option.textContent);
    expect(names).toHaveLength(29);
    expect(new Set(names).size).toBe(29);
    expect(names).toContain('القاهرة');
    expect(names).toContain('البحر الأحمر');
  });

  it('sends tutors to their own onboarding page', async () => {
    const { router } = renderApp({
      path: '/complete-profile',
      account: makeAccount({ id: 3, role: Role.Tutor }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/complete-profile'));
    expect(await screen.findByRole('heading', { level: 1, name: 'أكمل ملفك كمعلم' })).toBeInTheDocument();
  });
});
