import '../../test/setup.ts';
import { PaymentStatus, Role, toLocalDate } from '@hiwar/domain';
import { formatDate, formatMoney, formatTime } from '@hiwar/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fixtures.ts';
import { makeLesson, makeTutorInfo } from '../../test/lesson-fixtures.ts';
import { makeTransaction } from '../../test/payment-fixtures.ts';
import { type ApiRequest, renderApp } from '../../test/render-app.tsx';

const DAY_MS = 24 * 3600_000;
const QUARTER = 15 * 60_000;
const base = new Date(Math.floor((Date.now() + 2 * DAY_MS) / DAY_MS) * DAY_MS + 8 * 3600_000);
const t1 = base;
const t2 = new Date(base.getTime() + 2 * QUARTER);

const dayName = (instant: Date) =>
  formatDate(`${toLocalDate(instant)}T12:00:00Z`, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

function api(trial: object, onBook: (request: ApiRequest) => Response) {
  return (request: ApiRequest) => {
    const { method, path } = request;
    if (path === '/api/v1/user/tutor/info/3') {
      return json(200, makeTutorInfo());
    }
    if (path === '/api/v1/lesson/trial') {
      return json(200, trial);
    }
    if (path.startsWith('/api/v1/rating/list/tutor/3')) {
      return json(200, { list: [], total: 0 });
    }
    if (path.startsWith('/api/v1/availability-slot/')) {
      return json(200, {
        tutorId: 3,
        notice: 14,
        list: [
          { id: 7, tutorId: 3, start: t1.toISOString(), end: new Date(t2.getTime() + DAY_MS).toISOString() },
        ],
        booked: [],
        // 15-minute times that are not 30-minute ones must not be offered for a 30-minute trial.
        bookable: {
          short: [t1, new Date(t1.getTime() + QUARTER), t2].map((date) => date.toISOString()),
          long: [t1, t2].map((date) => date.toISOString()),
        },
      });
    }
    if (path === '/api/v1/sub/current') {
      return json(200, null);
    }
    if (method === 'POST' && path === '/api/v1/lesson/') {
      return onBook(request);
    }
    if (path.startsWith('/api/v1/lesson/list/')) {
      return json(200, { list: [], total: 0 });
    }
    return undefined;
  };
}

describe('the trial lesson on a tutor profile (issue 27)', () => {
  it('books the student’s free trial at the trial length, without a duration step', async () => {
    let posted: unknown;
    const { router } = renderApp({
      path: '/t/3',
      user: { role: Role.Student },
      api: api({ available: true, reason: null, minutes: 30, lessonId: null }, (request) => {
        posted = request.body;
        return json(200, makeLesson({ start: t2.toISOString(), trial: true }));
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'درس تجريبي مجاني (٣٠ دقيقة)' }));
    const dialog = await screen.findByRole('dialog', { name: 'درس تجريبي مجاني مع منى خالد' });
    expect(dialog).toHaveAccessibleDescription(/الخطوة ١ من ٣/);
    await user.click(await within(dialog).findByRole('button', { name: dayName(t1) }));
    const times = within(dialog).getByRole('list', { name: 'المواعيد المتاحة (بتوقيت القاهرة)' });
    expect(
      within(times)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([formatTime(t1), formatTime(t2)]);
    await user.click(within(times).getByRole('button', { name: formatTime(t2) }));
    expect(within(dialog).getByText(/درسك التجريبي المجاني: لا يُحتسب من دقائقك/)).toBeInTheDocument();
    expect(within(dialog).getByText(/إلغاء الدرس التجريبي حتى ١٢ ساعة/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الحجز' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upcoming-lessons'));
    expect(posted).toEqual({ tutorId: 3, start: t2.toISOString(), duration: 30, slotId: 7, trial: true });
    expect(await screen.findByText('تم حجز الدرس التجريبي')).toBeInTheDocument();
  });

  it('opens the trial wizard at a time picked among the free times, for a student without a plan', async () => {
    let posted: unknown;
    const { router } = renderApp({
      path: `/t/3?at=${encodeURIComponent(t2.toISOString())}`,
      user: { role: Role.Student },
      api: api({ available: true, reason: null, minutes: 30, lessonId: null }, (request) => {
        posted = request.body;
        return json(200, makeLesson({ start: t2.toISOString(), trial: true }));
      }),
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'درس تجريبي مجاني مع منى خالد' });
    const confirm = await within(dialog).findByRole('button', { name: 'تأكيد الحجز' });
    expect(within(dialog).getByText(/درسك التجريبي المجاني: لا يُحتسب من دقائقك/)).toBeInTheDocument();
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/upcoming-lessons'));
    expect(posted).toMatchObject({ tutorId: 3, start: t2.toISOString(), duration: 30, trial: true });
  });

  it('offers no trial once it is used or switched off, nor to visitors', async () => {
    renderApp({
      path: '/t/3',
      user: { role: Role.Student },
      api: api({ available: false, reason: 'trial-already-used', minutes: 30, lessonId: 9 }, () =>
        json(500, {}),
      ),
    });
    expect(await screen.findByRole('button', { name: 'احجز درسًا' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /درس تجريبي/ })).not.toBeInTheDocument();
  });
});

describe('a priced trial on a tutor profile (decision 0048)', () => {
  const priced = {
    available: true,
    reason: null,
    minutes: 30,
    lessonId: null,
    price: 99_00,
    openTransactionId: null,
  };
  const paidLabel = `درس تجريبي (٣٠ دقيقة) بـ ${formatMoney(99_00)}`;

  it('makes the trial button a link to the trial’s checkout while it is not paid', async () => {
    const { router } = renderApp({
      path: '/t/3',
      user: { role: Role.Student },
      api: api({ ...priced, paid: false }, () => json(500, {})),
    });
    const user = userEvent.setup();
    const link = await screen.findByRole('link', { name: paidLabel });
    expect(link).toHaveAttribute('href', '/checkout/trial?tutor=3');
    expect(screen.queryByRole('button', { name: /درس تجريبي/ })).not.toBeInTheDocument();
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/trial'));
    expect(router.state.location.search).toBe('?tutor=3');
  });

  it('sends a time picked among the free times to the trial’s checkout, keeping the time', async () => {
    const { router } = renderApp({
      path: `/t/3?at=${encodeURIComponent(t2.toISOString())}`,
      user: { role: Role.Student },
      api: api({ ...priced, paid: false }, () => json(500, {})),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/trial'));
    expect(router.state.location.search).toBe(`?tutor=3&at=${encodeURIComponent(t2.toISOString())}`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the trial wizard as before once the trial is paid, at the picked time', async () => {
    let posted: unknown;
    const { router } = renderApp({
      path: `/t/3?at=${encodeURIComponent(t2.toISOString())}`,
      user: { role: Role.Student },
      api: api({ ...priced, paid: true }, (request) => {
        posted = request.body;
        return json(200, makeLesson({ start: t2.toISOString(), trial: true }));
      }),
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'درسك التجريبي مع منى خالد' });
    expect(router.state.location.pathname).toBe('/t/3');
    await within(dialog).findByRole('button', { name: 'تأكيد الحجز' });
    // Paid for, it is not called free.
    expect(within(dialog).getByText(/هذا درسك التجريبي الذي دفعت ثمنه/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/مجاني/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الحجز' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upcoming-lessons'));
    expect(posted).toMatchObject({ tutorId: 3, start: t2.toISOString(), duration: 30, trial: true });
  });

  it('comes back from paying at the picked time to the wizard, not to the checkout again', async () => {
    // The trial's state read on the checkout (not paid) is stale once paid, as when the payment was
    // seen by the status poll rather than the realtime event: the profile must not act on it.
    const trial = { ...priced, paid: false };
    const at = t2.toISOString();
    const order = makeTransaction({ id: 91, planId: null, trial: true, amount: 99_00 });
    const base = api(trial, () => json(200, makeLesson({ start: at, trial: true })));
    const { router } = renderApp({
      path: `/t/3?at=${encodeURIComponent(at)}`,
      user: { role: Role.Student, phone: '01012345678' },
      api: (request) => {
        if (request.method === 'POST' && request.path === '/api/v1/fawry/pay/ref-num') {
          return json(200, {
            transaction: order,
            redirectUrl: null,
            referenceNumber: '9876543210',
            expiresAt: order.expiresAt,
            walletQr: null,
          });
        }
        if (request.path === '/api/v1/transaction/91') {
          // Fawry's sandbox paid it before the status panel's first read.
          Object.assign(trial, { paid: true });
          return json(200, { transaction: { ...order, status: PaymentStatus.Paid } });
        }
        return base(request);
      },
    });
    const user = userEvent.setup();
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/trial'));
    await user.click(await screen.findByRole('radio', { name: /فوري/ }));
    await user.click(screen.getByRole('button', { name: 'احصل على الرقم المرجعي' }));
    await user.click(await screen.findByRole('link', { name: 'احجز الموعد الذي اخترته' }));
    const dialog = await screen.findByRole('dialog', { name: 'درسك التجريبي مع منى خالد' });
    expect(await within(dialog).findByRole('button', { name: 'تأكيد الحجز' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/t/3');
  });

  it('opens the trial wizard from the trial button once the trial is paid', async () => {
    renderApp({
      path: '/t/3',
      user: { role: Role.Student },
      api: api({ ...priced, paid: true }, () => json(500, {})),
    });
    const user = userEvent.setup();
    expect(screen.queryByRole('link', { name: paidLabel })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'احجز درسك التجريبي (٣٠ دقيقة)' }));
    const dialog = await screen.findByRole('dialog', { name: 'درسك التجريبي مع منى خالد' });
    expect(dialog).toHaveAccessibleDescription(/الخطوة ١ من ٣/);
  });
});
