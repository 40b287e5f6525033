import '../../test/setup.ts';
import { addLocalDays, LessonStatus, localDateTimeToInstant, Role, weekDates } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeAccount } from '../../test/fixtures.ts';
import { makeLesson } from '../../test/lesson-fixtures.ts';
import { type ApiRequest, renderApp } from '../../test/render-app.tsx';

/** A week well ahead (its Saturday), so every lesson in it is pending. */
const saturday = weekDates(addLocalDays(weekDates(new Date())[0] as string, 14))[0] as string;
const monday = addLocalDays(saturday, 2);
const lesson = makeLesson({ start: localDateTimeToInstant(monday, '18:00').toISOString() });

function scheduleApi(list = [lesson]) {
  return ({ path }: ApiRequest) => {
    if (path.startsWith('/api/v1/lesson/list/')) {
      const query = new URL(path, 'http://x').searchParams;
      const inWeek = list.filter(
        (item) => item.start >= (query.get('from') ?? '') && item.start < (query.get('to') ?? ''),
      );
      return json(200, { list: inWeek, total: inWeek.length });
    }
    return undefined;
  };
}

describe('/lessons-schedule', { timeout: 20_000 }, () => {
  it("shows the student's week from Saturday, and opens a lesson with its actions", async () => {
    const user = userEvent.setup();
    const { requests } = renderApp({
      path: `/lessons-schedule?week=${monday}`,
      user: { role: Role.Student },
      api: scheduleApi(),
    });
    const days = await screen.findAllByRole('listitem', {
      name: /^(السبت|الأحد|الاثنين|الثلاثاء|الأربعاء|الخميس|الجمعة)/,
    });
    expect(days).toHaveLength(7);
    expect(days[0]?.getAttribute('aria-label')).toMatch(/^السبت/);
    expect(days[6]?.getAttribute('aria-label')).toMatch(/^الجمعة/);
    const chip = await within(days[2] as HTMLElement).findByRole('button', { name: /درس مع منى خالد/ });
    expect(chip).toHaveTextContent('٦:٠٠');
    const list = requests.find((request) => request.path.startsWith('/api/v1/lesson/list/'));
    expect(new URL(list?.path ?? '', 'http://x').searchParams.get('from')).toBe(
      localDateTimeToInstant(saturday, '00:00').toISOString(),
    );

    await user.click(chip);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'تغيير الموعد' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'إلغاء الدرس' })).toBeInTheDocument();
  });

  it('moves between weeks and lists the lessons, with an empty week', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({
      path: `/lessons-schedule?week=${saturday}&view=list`,
      user: { role: Role.Student },
      api: scheduleApi(),
    });
    expect(await screen.findByRole('heading', { name: 'درس مع منى خالد' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'الأسبوع التالي' }));
    expect(await screen.findByText('لا توجد دروس في هذا الأسبوع')).toBeInTheDocument();
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('week')).toBe(addLocalDays(saturday, 7)),
    );
    await user.click(screen.getByRole('tab', { name: 'أسبوع' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('view')).toBeNull());
  });

  it('the week and list switch is a tab list whose selected tab controls the panel of lessons (issue 15)', async () => {
    const user = userEvent.setup();
    renderApp({ path: `/lessons-schedule?week=${monday}`, user: { role: Role.Student }, api: scheduleApi() });
    for (const name of ['أسبوع', 'قائمة']) {
      await user.click(await screen.findByRole('tab', { name }));
      const tab = screen.getByRole('tab', { name, selected: true });
      const panel = screen.getByRole('tabpanel');
      expect(tab.getAttribute('aria-controls')).toBe(panel.id);
      expect(panel).toHaveAttribute('aria-labelledby', tab.id);
      expect(await within(panel).findByText(/درس مع منى خالد/)).toBeInTheDocument();
    }
  });

  it("shows a tutor their students' lessons", async () => {
    renderApp({
      path: `/lessons-schedule?week=${saturday}`,
      account: makeAccount({ id: 3, role: Role.Tutor }),
      api: scheduleApi([{ ...lesson, status: LessonStatus.Pending }]),
    });
    const link = await screen.findByRole('link', { name: /درس مع سارة أحمد/ });
    expect(link).toHaveAttribute('href', '/lesson/50');
  });
});
