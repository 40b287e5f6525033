import '../../test/setup.ts';
import { Role } from '@hiwar/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fixtures.ts';
import { makePlan } from '../../test/payment-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const student = { role: Role.Student };

describe('card added', () => {
  it('confirms the saved card, then goes back to the checkout it came from', async () => {
    const { router, requests } = renderApp({
      path: `/card-added?return=${encodeURIComponent('/checkout/2/quarter?method=card')}&statusCode=200&lastFourDigits=4242&token=abc`,
      user: student,
      api: ({ path }) => {
        if (path === '/api/v1/plan/2') {
          return json(200, makePlan());
        }
        if (path === '/api/v1/sub/current') {
          return json(200, null);
        }
        if (path === '/api/v1/fawry/card-token/list') {
          return json(200, { list: [] });
        }
        return undefined;
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'تمت إضافة بطاقتك' })).toBeInTheDocument();
    expect(screen.getByText(/البطاقة .•••• 4242./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الدفع' })).toHaveAttribute(
      'href',
      '/checkout/2/quarter?method=card',
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/2/quarter'), {
      timeout: 3000,
    });
    expect(router.state.location.search).toBe('?method=card');
    expect(await screen.findByRole('heading', { name: 'ملخص الطلب' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /بطاقة بنكية/ })).toBeChecked();
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/api/v1/fawry/card-token/list')).toBe(true),
    );
  });

  it('never returns to another site, and offers the plans instead', async () => {
    renderApp({
      path: `/card-added?return=${encodeURIComponent('https://evil.example/checkout/1/month')}&statusCode=200`,
      user: student,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'تمت إضافة بطاقتك' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'العودة إلى الدفع' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'اذهب إلى الباقات' })).toHaveAttribute('href', '/subscription');
  });

  it('says when Fawry refused the card, and does not move on by itself', async () => {
    const { router } = renderApp({
      path: `/card-added?return=${encodeURIComponent('/checkout/2/month')}&statusCode=99914`,
      user: student,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'لم نتمكن من حفظ البطاقة' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الدفع' })).toHaveAttribute(
      'href',
      '/checkout/2/month',
    );
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(router.state.location.pathname).toBe('/card-added');
  });
});
