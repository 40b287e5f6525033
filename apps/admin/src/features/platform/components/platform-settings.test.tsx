import '../../../test/setup.ts';
import {
  PLATFORM_SETTING_KEYS,
  PLATFORM_SETTINGS_BOUNDS,
  PLATFORM_SETTINGS_DEFAULTS,
  type PlatformSettingAuditEntry,
  type PlatformSettingKey,
  type PlatformSettingView,
} from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeHandler } from '../../../test/fake-api.ts';
import { regularAdmin } from '../../../test/fixtures.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';

const LOAD = { timeout: 10_000 };
const STAMP = '2027-03-01T08:00:00.000Z';

function settingsList(values: Partial<Record<PlatformSettingKey, number>> = {}): PlatformSettingView[] {
  return PLATFORM_SETTING_KEYS.map((key) => ({
    key,
    value: values[key] ?? PLATFORM_SETTINGS_DEFAULTS[key],
    defaultValue: PLATFORM_SETTINGS_DEFAULTS[key],
    ...PLATFORM_SETTINGS_BOUNDS[key],
    step: PLATFORM_SETTINGS_BOUNDS[key].step ?? null,
    updatedAt: values[key] === undefined ? null : STAMP,
  }));
}

function handlers(state: {
  values: Partial<Record<PlatformSettingKey, number>>;
  audit: PlatformSettingAuditEntry[];
}) {
  return [
    {
      method: 'GET',
      path: '/api/v1/platform-settings',
      answer: () => ({ body: { list: settingsList(state.values) } }),
    },
    {
      method: 'PUT',
      path: '/api/v1/platform-settings',
      answer: ({ body }) => {
        for (const [key, value] of Object.entries(body as Record<PlatformSettingKey, number>)) {
          state.audit.unshift({
            id: state.audit.length + 1,
            key: key as PlatformSettingKey,
            oldValue:
              state.values[key as PlatformSettingKey] ??
              PLATFORM_SETTINGS_DEFAULTS[key as PlatformSettingKey],
            newValue: value,
            changedBy: { id: regularAdmin.id, name: regularAdmin.name, image: null },
            createdAt: STAMP,
          });
        }
        Object.assign(state.values, body);
        return { body: { list: settingsList(state.values) } };
      },
    },
    {
      method: 'GET',
      path: '/api/v1/platform-settings/audit',
      answer: () => ({ body: { list: state.audit, total: state.audit.length } }),
    },
  ] satisfies FakeHandler[];
}

describe('admin /platform-settings', { timeout: 30_000 }, () => {
  it('shows each setting with its meaning, default and bounds, and keeps the cache flush', async () => {
    renderAdmin({
      path: '/platform-settings',
      signedInAs: regularAdmin,
      handlers: handlers({ values: {}, audit: [] }),
    });
    const field = await screen.findByLabelText('مهلة الإلغاء المجاني', undefined, LOAD);
    expect(field).toHaveValue('12');
    expect(field).toHaveAccessibleDescription(
      /تعود إليه الدقائق.*القيمة الافتراضية: ١٢ ساعة · من ٠ ساعة إلى ١٦٨ ساعة/,
    );
    // Money is shown in pounds.
    expect(screen.getByLabelText('أجر المعلم عن الساعة')).toHaveValue('150');
    expect(screen.getByLabelText('أقل مدة قبل بدء الدرس للحجز')).toHaveValue('60');
    expect(screen.getByText('لم تتغير الإعدادات بعد.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /تفريغ|مسح/ })).toBeInTheDocument();
  });

  it('checks the bounds before saving, then saves only what changed and lists it in the audit', async () => {
    const state = {
      values: {} as Partial<Record<PlatformSettingKey, number>>,
      audit: [] as PlatformSettingAuditEntry[],
    };
    const { api, user } = renderAdmin({
      path: '/platform-settings',
      signedInAs: regularAdmin,
      handlers: handlers(state),
    });
    const hours = await screen.findByLabelText('مهلة الإلغاء المجاني', undefined, LOAD);
    const save = screen.getByRole('button', { name: 'حفظ الإعدادات' });

    await user.click(save);
    expect(await screen.findByText('لا توجد تعديلات لحفظها.')).toBeInTheDocument();

    await user.clear(hours);
    await user.type(hours, '200');
    await user.click(save);
    expect(
      await screen.findByText('القيمة أكبر من الحد الأقصى المسموح به لهذا الإعداد.'),
    ).toBeInTheDocument();
    expect(hours).toHaveAttribute('aria-invalid', 'true');
    await user.clear(hours);
    await user.type(hours, '2.5');
    await user.click(save);
    expect(await screen.findByText('القيمة المُدخلة من نوع غير صحيح.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/v1/platform-settings')).toHaveLength(0);

    await user.clear(hours);
    await user.type(hours, '٦');
    const rate = screen.getByLabelText('أجر المعلم عن الساعة');
    await user.clear(rate);
    await user.type(rate, '175.5');
    await user.click(save);
    expect(await screen.findByText('تم حفظ تغييرين.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/v1/platform-settings')[0]?.body).toEqual({
      freeCancelHours: 6,
      tutorHourlyRate: 17_550,
    });
    await waitFor(() => expect(screen.getByLabelText('مهلة الإلغاء المجاني')).toHaveValue('6'));

    const audit = await screen.findByRole('table', { name: 'سجل تغييرات الإعدادات' });
    const rows = within(audit).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const hoursRow = rows.find((row) => row.textContent?.includes('مهلة الإلغاء المجاني')) as HTMLElement;
    expect(hoursRow).toHaveTextContent('١٢ ساعة');
    expect(hoursRow).toHaveTextContent('٦ ساعة');
    expect(hoursRow).toHaveTextContent('أحمد الإداري');
  });

  it('switches the trial lesson off and takes its length only as 15 or 30 minutes', async () => {
    const state = {
      values: {} as Partial<Record<PlatformSettingKey, number>>,
      audit: [] as PlatformSettingAuditEntry[],
    };
    const { api, user } = renderAdmin({
      path: '/platform-settings',
      signedInAs: regularAdmin,
      handlers: handlers(state),
    });
    const enabled = await screen.findByLabelText('الدرس التجريبي', undefined, LOAD);
    expect(enabled).toHaveDisplayValue('مفعّل');
    expect(enabled).toHaveAccessibleDescription(/القيمة الافتراضية: مفعّل/);
    const minutes = screen.getByLabelText('مدة الدرس التجريبي');
    expect(minutes).toHaveAccessibleDescription(/من ١٥ دقيقة إلى ٣٠ دقيقة · بخطوات ١٥ دقيقة/);
    const save = screen.getByRole('button', { name: 'حفظ الإعدادات' });

    await user.clear(minutes);
    await user.type(minutes, '20');
    await user.click(save);
    expect(await screen.findByText('اختر قيمة من القيم المسموح بها لهذا الإعداد.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/v1/platform-settings')).toHaveLength(0);

    await user.clear(minutes);
    await user.type(minutes, '15');
    await user.selectOptions(enabled, 'متوقف');
    await user.click(save);
    expect(await screen.findByText('تم حفظ تغييرين.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/v1/platform-settings')[0]?.body).toEqual({
      trialLessonEnabled: 0,
      trialLessonMinutes: 15,
    });
    const audit = await screen.findByRole('table', { name: 'سجل تغييرات الإعدادات' });
    const row = within(audit)
      .getAllByRole('row')
      .find((item) =>
        /^\s*الدرس التجريبي/.test((item as HTMLTableRowElement).cells[0]?.textContent ?? ''),
      ) as HTMLElement;
    expect(row).toHaveTextContent('مفعّل');
    expect(row).toHaveTextContent('متوقف');
  });

  it('shows a code the server answers', async () => {
    const state = { values: {}, audit: [] };
    const { user, api } = renderAdmin({
      path: '/platform-settings',
      signedInAs: regularAdmin,
      handlers: handlers(state),
    });
    api.on({
      method: 'PUT',
      path: '/api/v1/platform-settings',
      answer: () => apiError(400, 'setting-too-high'),
    });
    const field = await screen.findByLabelText('أقصى عدد للدروس القادمة للطالب', undefined, LOAD);
    await user.clear(field);
    await user.type(field, '3');
    await user.click(screen.getByRole('button', { name: 'حفظ الإعدادات' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'القيمة أكبر من الحد الأقصى المسموح به لهذا الإعداد.',
    );
  });
});
