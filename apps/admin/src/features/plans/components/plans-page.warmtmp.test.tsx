import '../../../test/setup.ts';
import type { Plan } from '@hiwar/domain';
import { errorMessages, formatMoney } from '@hiwar/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
beforeAll(async () => { await import('../../../routes/pages/plans.page.tsx'); }, 60_000);
import { apiError, type FakeHandler } from '../../../test/fake-api.ts';
import { makePlan, regularAdmin, superAdmin } from '../../../test/fixtures.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';

/** The server's plan routes over a list kept in memory: POST adds, PUT merges, DELETE removes. */
function planRoutes(initial: Plan[]): FakeHandler[] {
  let plans = [...initial];
  let nextId = 100;
  const byId = /^\/api\/v1\/plan\/(\d+)$/;
  const idOf = (url: URL) => Number(byId.exec(url.pathname)?.[1]);
  return [
    {
      method: 'GET',
      path: '/api/v1/plan/list',
      answer: () => ({ body: { list: plans, total: plans.length } }),
    },
    {
      method: 'POST',
      path: '/api/v1/plan',
      answer: ({ body }) => {
        const plan = makePlan({ ...(body as Partial<Plan>), id: nextId++ });
        plans = [...plans, plan];
        return { body: plan };
      },
    },
    {
      method: 'PUT',
      path: byId,
      answer: ({ url, body }) => {
        plans = plans.map((plan) => (plan.id === idOf(url) ? { ...plan, ...(body as Partial<Plan>) } : plan));
        return { body: plans.find((plan) => plan.id === idOf(url)) };
      },
    },
    {
      method: 'DELETE',
      path: byId,
      answer: ({ url }) => {
        plans = plans.filter((plan) => plan.id !== idOf(url));
        return { body: { ok: true } };
      },
    },
  ];
}

/** Money as Testing Library reads it: its default normaliser turns the no-break space into a space. */
function money(piasters: number): string {
  return formatMoney(piasters).replace(/\s/g, ' ');
}

const starter = makePlan({
  id: 1,
  alias: 'البداية',
  weeklyMinutes: 60,
  fullMonthPrice: 60_000,
  fullQuarterPrice: 180_000,
  halfYearPrice: 360_000,
  fullYearPrice: 720_000,
});
const regular = makePlan({ id: 2, forInvitesOnly: true, active: false });

async function plansTable() {
  return screen.findByRole('table', { name: 'الخطط' });
}

function rowOf(table: HTMLElement, alias: string): HTMLElement {
  const header = within(table).getByRole('rowheader', { name: new RegExp(alias) });
  return header.closest('tr') as HTMLElement;
}

describe('plans page', () => {
  it('lists every plan with its weekly minutes, monthly hours and each period price after its discount', async () => {
    renderAdmin({ path: '/plans', signedInAs: superAdmin, handlers: planRoutes([starter, regular]) });

    const table = await plansTable();
    const row = rowOf(table, 'المنتظم');
    expect(within(row).getByText('١٢٠ دقيقة أسبوعيًا')).toBeInTheDocument();
    expect(within(row).getByText('٨ ساعات شهريًا')).toBeInTheDocument();
    // Month 1,100; quarter 3,300 − 10 %; half year 6,600 − 15 %; year 13,200 − 25 %.
    expect(within(row).getByText(money(110_000))).toBeInTheDocument();
    expect(within(row).getByText(money(297_000))).toBeInTheDocument();
    expect(within(row).getByText(money(561_000))).toBeInTheDocument();
    expect(within(row).getByText(money(990_000))).toBeInTheDocument();
    expect(within(row).getByText('−١٠٪')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'إتاحة خطة المنتظم للبيع' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(within(row).getByRole('switch', { name: 'خطة المنتظم بالدعوة فقط' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(rowOf(table, 'البداية')).getByText('٦٠ دقيقة أسبوعيًا')).toBeInTheDocument();
    expect(screen.getByText('خطتان')).toBeInTheDocument();
  });

  it('creates a plan from pounds and percentages, sending piasters and basis points', async () => {
    const { user, api } = renderAdmin({ path: '/plans', signedInAs: superAdmin, handlers: planRoutes([]) });
    expect(await screen.findByText('لا توجد خطط بعد')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'خطة جديدة' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'خطة جديدة' });

    await user.type(within(dialog).getByLabelText('اسم الخطة'), 'المكثّف');
    await user.type(within(dialog).getByLabelText('الدقائق الأسبوعية'), '٢٤٠');
    expect(within(dialog).getByText('١٦ ساعة شهريًا')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('السعر الكامل، شهري'), '2000');
    await user.type(within(dialog).getByLabelText('السعر الكامل، ٣ أشهر'), '6000');
    await user.clear(within(dialog).getByLabelText('نسبة الخصم، ٣ أشهر'));
    await user.type(within(dialog).getByLabelText('نسبة الخصم، ٣ أشهر'), '12.5');
    await user.type(within(dialog).getByLabelText('السعر الكامل، ٦ أشهر'), '12000');
    await user.clear(within(dialog).getByLabelText('نسبة الخصم، ٦ أشهر'));
    await user.type(within(dialog).getByLabelText('نسبة الخصم، ٦ أشهر'), '15');
    await user.type(within(dialog).getByLabelText('السعر الكامل، سنوي'), '24000');
    await user.clear(within(dialog).getByLabelText('نسبة الخصم، سنوي'));
    await user.type(within(dialog).getByLabelText('نسبة الخصم، سنوي'), '25');

    // The live preview uses the domain's price: 6,000 − 12.5 % = 5,250, i.e. 1,750 a month.
    const quarter = within(dialog).getByRole('status', { name: 'يدفع الطالب، ٣ أشهر' });
    expect(quarter).toHaveTextContent(money(525_000));
    expect(quarter).toHaveTextContent(money(175_000));

    await user.click(within(dialog).getByRole('button', { name: 'إنشاء الخطة' }));
    expect(await screen.findByText('أُنشئت خطة «المكثّف».')).toBeInTheDocument();
    expect(api.calls('POST', '/api/v1/plan').map((request) => request.body)).toEqual([
      {
        alias: 'المكثّف',
        weeklyMinutes: 240,
        fullMonthPrice: 200_000,
        fullMonthDiscount: 0,
        fullQuarterPrice: 600_000,
        fullQuarterDiscount: 1250,
        halfYearPrice: 1_200_000,
        halfYearDiscount: 1500,
        fullYearPrice: 2_400_000,
        fullYearDiscount: 2500,
        forInvitesOnly: false,
        active: true,
      },
    ]);
    expect(within(await plansTable()).getByText('المكثّف')).toBeInTheDocument();
  });

  it('shows the validation codes of the plan schema in Arabic and sends nothing', async () => {
    const { user, api } = renderAdmin({
      path: '/plans',
      signedInAs: superAdmin,
      handlers: planRoutes([starter]),
    });
    await plansTable();
    await user.click(screen.getByRole('button', { name: 'خطة جديدة' }));
    const dialog = await screen.findByRole('dialog', { name: 'خطة جديدة' });
    const submit = within(dialog).getByRole('button', { name: 'إنشاء الخطة' });

    await user.click(submit);
    // Weekly minutes and the four prices are required; an empty name reads as too short.
    expect(await within(dialog).findAllByText('هذا الحقل مطلوب.')).toHaveLength(5);
    expect(within(dialog).getByText('اسم الخطة قصير. اكتب ٣ أحرف على الأقل.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('اسم الخطة'), 'ab');
    await user.type(within(dialog).getByLabelText('الدقائق الأسبوعية'), '20');
    await user.type(within(dialog).getByLabelText('السعر الكامل، شهري'), '150.5');
    await user.type(within(dialog).getByLabelText('السعر الكامل، ٣ أشهر'), '-10');
    await user.type(within(dialog).getByLabelText('السعر الكامل، ٦ أشهر'), '900');
    await user.clear(within(dialog).getByLabelText('نسبة الخصم، ٦ أشهر'));
    await user.type(within(dialog).getByLabelText('نسبة الخصم، ٦ أشهر'), '100');
    await user.type(within(dialog).getByLabelText('السعر الكامل، سنوي'), 'abc');
    await user.click(submit);

    expect(await within(dialog).findByText('اسم الخطة قصير. اكتب ٣ أحرف على الأقل.')).toBeInTheDocument();
    expect(within(dialog).getByText('أدخل عدد الدقائق الأسبوعية (من مضاعفات ١٥).')).toBeInTheDocument();
    expect(within(dialog).getByText('السعر يجب أن يكون عددًا صحيحًا من الجنيهات.')).toBeInTheDocument();
    expect(within(dialog).getByText('السعر لا يمكن أن يكون سالبًا.')).toBeInTheDocument();
    expect(within(dialog).getByText('القيمة المُدخلة من نوع غير صحيح.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('اسم الخطة')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('السعر الكامل، شهري')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST', '/api/v1/plan')).toHaveLength(0);
  });

  it('flags a period whose discount leaves less than a pound to pay', async () => {
    const { user, api } = renderAdmin({ path: '/plans', signedInAs: superAdmin, handlers: planRoutes([]) });
    await screen.findByText('لا توجد خطط بعد');
    await user.click(screen.getAllByRole('button', { name: 'خطة جديدة' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'خطة جديدة' });
    await user.type(within(dialog).getByLabelText('اسم الخطة'), 'مجانية');
    await user.type(within(dialog).getByLabelText('الدقائق الأسبوعية'), '60');
    for (const period of ['شهري', '٣ أشهر', '٦ أشهر', 'سنوي']) {
      await user.type(within(dialog).getByLabelText(`السعر الكامل، ${period}`), '100');
    }
    await user.clear(within(dialog).getByLabelText('نسبة الخصم، سنوي'));
    await user.type(within(dialog).getByLabelText('نسبة الخصم، سنوي'), '100');
    expect(within(dialog).getByRole('status', { name: 'يدفع الطالب، سنوي' })).toHaveTextContent(
      'أقل من ١ ج.م.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'إنشاء الخطة' }));
    expect(await within(dialog).findByText(errorMessages['plan-discount-total'])).toBeInTheDocument();
    expect(within(dialog).getByLabelText('نسبة الخصم، سنوي')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST', '/api/v1/plan')).toHaveLength(0);
  });

  it('edits a plan and sends only what changed', async () => {
    const { user, api } = renderAdmin({
      path: '/plans',
      signedInAs: superAdmin,
      handlers: planRoutes([regular]),
    });
    const table = await plansTable();
    await user.click(within(rowOf(table, 'المنتظم')).getByRole('button', { name: 'إجراءات المنتظم' }));
    await user.click(await screen.findByRole('menuitem', { name: 'تعديل' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل خطة «المنتظم»' });
    expect(within(dialog).getByLabelText('السعر الكامل، ٣ أشهر')).toHaveValue('3300');
    expect(within(dialog).getByLabelText('نسبة الخصم، ٣ أشهر')).toHaveValue('10');

    await user.clear(within(dialog).getByLabelText('نسبة الخصم، ٣ أشهر'));
    await user.type(within(dialog).getByLabelText('نسبة الخصم، ٣ أشهر'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التغييرات' }));

    expect(await screen.findByText('حُفظت تغييرات خطة «المنتظم».')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/v1/plan/2').map((request) => request.body)).toEqual([
      { fullQuarterDiscount: 2000 },
    ]);
  });

  it('switches a plan on sale at once, with an undo', async () => {
    const { user, api } = renderAdmin({
      path: '/plans',
      signedInAs: superAdmin,
      handlers: planRoutes([regular]),
    });
    const table = await plansTable();
    await user.click(within(table).getByRole('switch', { name: 'إتاحة خطة المنتظم للبيع' }));
    expect(await screen.findByText('أصبحت خطة «المنتظم» متاحة للبيع.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(table).getByRole('switch', { name: 'إتاحة خطة المنتظم للبيع' })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );

    await user.click(screen.getByRole('button', { name: /^تراجع/ }));
    expect(await screen.findByText('أُوقف بيع خطة «المنتظم».')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/v1/plan/2').map((request) => request.body)).toEqual([
      { active: true },
      { active: false },
    ]);
  });

  it('deletes a plan after confirming', async () => {
    const { user, api } = renderAdmin({
      path: '/plans',
      signedInAs: superAdmin,
      handlers: planRoutes([starter, regular]),
    });
    const table = await plansTable();
    await user.click(within(rowOf(table, 'البداية')).getByRole('button', { name: 'إجراءات البداية' }));
    await user.click(await screen.findByRole('menuitem', { name: 'حذف' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف خطة «البداية»؟' });
    expect(dialog).toHaveTextContent('الاشتراكات التي اشتُريت بها تبقى');
    await user.click(within(dialog).getByRole('button', { name: 'حذف الخطة' }));

    expect(await screen.findByText('حُذفت خطة «البداية».')).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/v1/plan/1')).toHaveLength(1);
    await waitFor(() =>
      expect(within(table).queryByRole('rowheader', { name: /البداية/ })).not.toBeInTheDocument(),
    );
  });

  it('shows a failed save in Arabic and keeps the form open', async () => {
    const { user } = renderAdmin({
      path: '/plans',
      signedInAs: superAdmin,
      handlers: [
        { method: 'PUT', path: '/api/v1/plan/2', answer: () => apiError(404, 'plan-not-found') },
        ...planRoutes([regular]),
      ],
    });
    const table = await plansTable();
    await user.click(within(rowOf(table, 'المنتظم')).getByRole('button', { name: 'إجراءات المنتظم' }));
    await user.click(await screen.findByRole('menuitem', { name: 'تعديل' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('اسم الخطة'));
    await user.type(within(dialog).getByLabelText('اسم الخطة'), 'المنتظم الجديد');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await screen.findByText('الباقة غير موجودة.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows a regular admin the plans read-only', async () => {
    renderAdmin({ path: '/plans', signedInAs: regularAdmin, handlers: planRoutes([starter, regular]) });
    const table = await plansTable();
    expect(screen.getByText(/يمكنك عرض الخطط والكوبونات والدعوات فقط/)).toBeInTheDocument();
    expect(within(rowOf(table, 'المنتظم')).getByText('متوقفة')).toBeInTheDocument();
    expect(within(rowOf(table, 'المنتظم')).getByText('بالدعوة فقط')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'خطة جديدة' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /إجراءات/ })).not.toBeInTheDocument();
  });
});
