import '../../test/setup.ts';
import { localDateTimeToInstant, Role, weekDates } from '@hiwar/domain';
import { formatTime } from '@hiwar/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, makeAccount } from '../../test/fixtures.ts';
import { type ApiRequest, renderApp } from '../../test/render-app.tsx';

const days = weekDates(new Date());
const saturday = days[0] as string;
const friday = days[6] as string;
const at = (date: string, time: string) => localDateTimeToInstant(date, time).toISOString();
const window1 = { id: 1, tutorId: 3, start: at(saturday, '09:00'), end: at(saturday, '11:00') };
const booked = { start: at(saturday, '09:30'), end: at(saturday, '10:00') };

function scheduleApi(onSave: (request: ApiRequest) => Response | undefined) {
  return (request: ApiRequest) => {
    if (request.method === 'GET' && request.path.startsWith('/api/v1/availability-slot/')) {
      return json(200, {
        tutorId: 3,
        notice: 14,
        list: [window1],
        booked: [booked],
        bookable: { short: [], long: [] },
      });
    }
    if (request.method === 'POST' && request.path === '/api/v1/availability-slot/') {
      return onSave(request);
    }
    return undefined;
  };
}

const tutor = makeAccount({ id: 3, role: Role.Tutor });
const saved = json(200, { list: [window1], canceledLessonIds: [], skipped: [] });

/** Testing Library's default normaliser turns no-break spaces into spaces. */
const norm = (value: string) => value.replace(/\s/g, ' ');

describe('/schedule-management', () => {
  it('shows the week from Saturday with windows and the lessons booked in them', async () => {
    const { requests } = renderApp({
      path: '/schedule-management',
      account: tutor,
      api: scheduleApi(() => saved),
    });
    const block = await screen.findByRole('listitem', {
      name: norm(`موعد من ${formatTime(window1.start)} إلى ${formatTime(window1.end)}`),
    });
    expect(
      within(block).getByText(norm(`درس محجوز من ${formatTime(booked.start)} إلى ${formatTime(booked.end)}`)),
    ).toBeTruthy();
    const week = screen.getByRole('list', { name: 'الأسبوع' });
    // The week's days (each day lists its own windows inside).
    const dayNames = [...week.children].map((item) => item.getAttribute('aria-label'));
    expect(dayNames[0]).toBe('السبت');
    expect(dayNames[6]).toBe('الجمعة');
    const query = requests.find((request) => request.path.startsWith('/api/v1/availability-slot/'));
    expect(query?.path).toContain(
      encodeURIComponent(localDateTimeToInstant(saturday, '00:00').toISOString()),
    );
  });

  it('adds a window as Cairo instants on the 15-minute grid', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    renderApp({
      path: '/schedule-management',
      account: tutor,
      api: scheduleApi(({ body }) => {
        bodies.push(body);
        return saved;
      }),
    });
    await screen.findByRole('list', { name: 'الأسبوع' });
    await user.click(screen.getAllByRole('button', { name: 'إضافة موعد' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'إضافة موعد' });
    await user.selectOptions(within(dialog).getByLabelText('اليوم'), friday);
    await user.selectOptions(within(dialog).getByLabelText('من'), '18:00');
    await user.selectOptions(within(dialog).getByLabelText('إلى'), '19:30');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الموعد' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ create: [{ start: at(friday, '18:00'), end: at(friday, '19:30') }] });
  });

  it('asks before cancelling lessons a deletion would strand, then sends cancelLessons', async () => {
    const user = userEvent.setup();
    const bodies: Array<Record<string, unknown>> = [];
    renderApp({
      path: '/schedule-management',
      account: tutor,
      api: scheduleApi(({ body }) => {
        const request = body as Record<string, unknown>;
        bodies.push(request);
        return request.cancelLessons
          ? json(200, { list: [], canceledLessonIds: [9], skipped: [] })
          : apiError(409, 'slot-has-lessons');
      }),
    });
    await screen.findByRole('list', { name: 'الأسبوع' });
    await user.click(screen.getByRole('button', { name: 'حذف' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'توجد دروس محجوزة في هذا الموعد' });
    await user.click(within(confirm).getByRole('button', { name: 'إلغاء الدروس وحفظ التغيير' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[0]).toEqual({ delete: [1] });
    expect(bodies[1]).toEqual({ delete: [1], cancelLessons: true });
    expect(await screen.findByText('تم الحفظ وإلغاء درس واحد.')).toBeTruthy();
  });

  it('explains an overlapping window in Arabic', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/schedule-management',
      account: tutor,
      api: scheduleApi(() => apiError(409, 'conflicting-schedule')),
    });
    await screen.findByRole('list', { name: 'الأسبوع' });
    await user.click(screen.getAllByRole('button', { name: 'إضافة موعد' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'إضافة موعد' });
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الموعد' }));
    expect(await within(dialog).findByText('هذا الموعد يتداخل مع موعد آخر في جدولك.')).toBeTruthy();
  });
});
