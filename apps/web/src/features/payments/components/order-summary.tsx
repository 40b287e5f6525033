import type { Plan, PlanPeriod } from '@hiwar/domain';
import {
  Card,
  checkoutMessages,
  formatDate,
  formatMoney,
  nouns,
  plural,
  WEEKS_PER_MONTH_ESTIMATE,
} from '@hiwar/ui';
import type { ReactNode } from 'react';
import type { OrderTotals } from '../lib/order.ts';

const text = checkoutMessages.checkout.summary;

export interface OrderSummaryProps {
  plan: Plan;
  period: PlanPeriod;
  totals: OrderTotals;
  /** The applied valid coupon. */
  coupon: { code: string; discount: number } | null;
  /** When the new subscription starts if one is running now; null: at payment. */
  startsOn: string | null;
  /** Card installments: the schedule the server will record (first one paid now). */
  schedule?: readonly { index: number; amount: number; dueAt: Date }[] | null;
  /** The coupon field. */
  couponSlot?: ReactNode;
}

function Line({
  label,
  children,
  strong = false,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={strong ? 'font-bold text-foreground' : 'text-muted-foreground'}>{label}</dt>
      <dd className={strong ? 'text-2xl font-bold text-foreground' : 'font-semibold text-foreground'}>
        {children}
      </dd>
    </div>
  );
}

/**
 * The order as the server will charge it: plan, period, minutes, full price, the period discount, the
 * coupon discount and the total (the domain's price function), plus when the subscription starts and,
 * for installments, what is paid now and later.
 */
export function OrderSummary({
  plan,
  period,
  totals,
  coupon,
  startsOn,
  schedule,
  couponSlot,
}: OrderSummaryProps) {
  const weekly = plural(plan.weeklyMinutes, nouns.minutes);
  const monthly = checkoutMessages.plan.perMonth(plan.weeklyMinutes * WEEKS_PER_MONTH_ESTIMATE);
  return (
    <Card className="flex flex-col">
      <div className="border-b border-border p-5 sm:p-6">
        <h2 className="text-lg font-bold text-foreground">{text.title}</h2>
        <dl className="mt-4 flex flex-col gap-2.5 text-sm">
          <Line label={text.plan}>{plan.alias}</Line>
          <Line label={text.period}>{checkoutMessages.periods.name[period]}</Line>
          <Line label={text.quota}>
            <span className="text-end">{text.quotaValue(weekly, monthly)}</span>
          </Line>
        </dl>
      </div>
      {couponSlot ? <div className="border-b border-border p-5 sm:p-6">{couponSlot}</div> : null}
      <div className="p-5 sm:p-6">
        <dl className="flex flex-col gap-2.5 text-sm">
          <Line label={text.fullPrice}>{formatMoney(totals.fullPrice)}</Line>
          {totals.periodDiscount > 0 ? (
            <Line label={text.periodDiscount(totals.periodDiscountPercent)}>
              <span className="text-success">{formatMoney(-totals.periodDiscount)}</span>
            </Line>
          ) : null}
          {coupon && totals.couponDiscount > 0 ? (
            <Line label={text.couponDiscount(coupon.code, totals.couponPercent)}>
              <span className="text-success">{formatMoney(-totals.couponDiscount)}</span>
            </Line>
          ) : null}
          <div className="my-1 border-t border-border" />
          <Line label={text.total} strong>
            <span data-testid="order-total">{formatMoney(totals.total)}</span>
          </Line>
        </dl>
        <p className="mt-1 text-xs text-muted-foreground">{text.totalHint}</p>

        {schedule && schedule.length > 1 ? (
          <div className="mt-4 rounded-xl bg-surface-muted p-3 text-sm">
            <p className="font-semibold text-foreground">{text.schedule}</p>
            <ol className="mt-2 flex flex-col gap-1">
              {schedule.map((part) => (
                <li key={part.index} className="flex justify-between gap-3">
                  <span className="text-muted-foreground">
                    {part.index === 1
                      ? text.firstInstallment
                      : formatDate(part.dueAt, { dateStyle: 'medium' })}
                  </span>
                  <span className="font-semibold text-foreground">{formatMoney(part.amount)}</span>
                </li>
              ))}
            </ol>
          </div>
        ) : null}

        <p className="mt-4 text-sm text-foreground/90">
          {startsOn ? text.startsLater(formatDate(startsOn, { dateStyle: 'long' })) : text.startsNow}
        </p>
      </div>
    </Card>
  );
}
