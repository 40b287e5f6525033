import '../../test/setup.ts';
import { Role, type TrialStatusResponse } from '@hiwar/domain';
import { formatMoney } from '@hiwar/ui';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fixtures.ts';
import { makeCurrent } from '../../test/payment-fixtures.ts';
import { type ApiRequest, renderApp } from '../../test/render-app.tsx';

const free: TrialStatusResponse = { available: true, reason: null, minutes: 30, lessonId: null, price: 0 };

function homeApi(trial: TrialStatusResponse, current: unknown = null) {
  return ({ path }: ApiRequest) => {
    if (path === '/api/v1/lesson/trial') {
      return json(200, trial);
    }
    if (path === '/api/v1/sub/current') {
      return json(200, current);
    }
    if (path.startsWith('/api/v1/lesson/list/') || path.startsWith('/api/v1/favorite/my-tutors')) {
      return json(200, { list: [], total: 0 });
    }
    if (path === '/api/v1/favorite/tutor/ids') {
      return json(200, { ids: [] });
    }
    return undefined;
  };
}

describe('the trial lesson on the student home (issue 27, decision 0048)', () => {
  it('offers a free trial as free', async () => {
    renderApp({ path: '/s/dashboard', user: { role: Role.Student }, api: homeApi(free) });
    expect(await screen.findByText('درسك التجريبي بانتظارك')).toBeInTheDocument();
    expect(screen.getByText(/جرّب أي معلم في درس مدته ٣٠ دقيقة مجانًا/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'اختر معلمًا' })).toHaveAttribute('href', '/tutors');
  });

  it('says the price of a priced trial not paid yet', async () => {
    renderApp({
      path: '/s/dashboard',
      user: { role: Role.Student },
      api: homeApi({ ...free, price: 99_00, paid: false }),
    });
    const line = await screen.findByText(/جرّب أي معلم في درس مدته ٣٠ دقيقة/);
    expect(line.textContent).toContain(`بـ ${formatMoney(99_00)}`);
    expect(line.textContent).not.toContain('مجانًا');
    expect(screen.getByRole('link', { name: 'اختر معلمًا' })).toHaveAttribute('href', '/tutors');
  });

  it('asks no price again once the trial is paid', async () => {
    renderApp({
      path: '/s/dashboard',
      user: { role: Role.Student },
      api: homeApi({ ...free, price: 99_00, paid: true }),
    });
    expect(
      await screen.findByText(
        'دفعت ثمن درسك التجريبي: اختر أي معلم واحجز درسًا مدته ٣٠ دقيقة لا يُحتسب من دقائقك.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/مجانًا/)).not.toBeInTheDocument();
    expect(screen.queryByText(new RegExp(formatMoney(99_00)))).not.toBeInTheDocument();
  });

  it('shows the minutes left instead to a subscriber', async () => {
    renderApp({
      path: '/s/dashboard',
      user: { role: Role.Student },
      api: homeApi({ ...free, price: 99_00, paid: false }, makeCurrent()),
    });
    expect(await screen.findByText(/٩٠ دقيقة/)).toBeInTheDocument();
    expect(screen.queryByText('درسك التجريبي بانتظارك')).not.toBeInTheDocument();
  });
});
