import '../test/setup.ts';
import { PlanPeriod } from '@hiwar/domain';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../format.ts';
import { PlanCard, planQuote } from './plan-card.tsx';

/** As Testing Library reads text: the no-break space of the currency becomes a space. */
const money = (piasters: number) => formatMoney(piasters).replace(/\s/g, ' ');

const plan = {
  alias: 'المنتظم',
  weeklyMinutes: 90,
  forInvitesOnly: false,
  fullMonthPrice: 1100_00,
  fullMonthDiscount: 0,
  fullQuarterPrice: 3300_00,
  fullQuarterDiscount: 1000,
  halfYearPrice: 6600_00,
  halfYearDiscount: 1250,
  fullYearPrice: 13200_00,
  fullYearDiscount: 2500,
};

describe('planQuote', () => {
  it('prices a period with its discount, per month, and the installments the period allows', () => {
    expect(planQuote(plan, PlanPeriod.Month)).toEqual({
      period: PlanPeriod.Month,
      months: 1,
      fullPrice: 1100_00,
      price: 1100_00,
      perMonth: 1100_00,
      savePercent: 0,
      cardInstallments: [],
      bankInstallments: false,
    });
    const half = planQuote(plan, PlanPeriod.HalfYear);
    expect(half.price).toBe(5775_00);
    expect(half.perMonth).toBe(962_50);
    expect(half.savePercent).toBe(12.5);
    expect(half.cardInstallments).toEqual([
      { count: 2, amount: 2887_50 },
      { count: 4, amount: 1443_75 },
    ]);
    expect(half.bankInstallments).toBe(true);
  });
});

describe('PlanCard', () => {
  it('shows minutes weekly and monthly, the struck full price, the saving and the action', () => {
    render(
      <PlanCard
        plan={{ ...plan, forInvitesOnly: true }}
        period={PlanPeriod.HalfYear}
        action={<a href="/x">go</a>}
      />,
    );
    const card = within(screen.getByRole('article', { name: 'المنتظم' }));
    expect(card.getByText('٩٠ دقيقة')).toBeInTheDocument();
    expect(card.getByText('≈ ٦ ساعات شهريًا')).toBeInTheDocument();
    expect(card.getByText(money(5775_00))).toBeInTheDocument();
    expect(card.getByText(`السعر قبل الخصم ${money(6600_00)}`)).toBeInTheDocument();
    expect(card.getByText('وفّر ١٢٫٥٪')).toBeInTheDocument();
    expect(card.getByText('لمدة ٦ أشهر')).toBeInTheDocument();
    expect(card.getByText('دعوة خاصة')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'go' })).toHaveAttribute('href', '/x');
  });
});
