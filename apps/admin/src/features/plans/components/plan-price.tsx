import { type Plan, type PlanPeriod, periodPricing, priceFor } from '@hiwar/domain';
import { adminPaymentsMessages, cn, formatMoney } from '@hiwar/ui';
import { basisPointsToPercent } from '../../../lib/payments.ts';

const text = adminPaymentsMessages;

/**
 * One period's price on a plan: what a student pays (the domain's price function), and when the period
 * carries a discount, the full price struck through with the discount.
 */
export function PlanPrice({
  plan,
  period,
  className,
}: {
  plan: Plan;
  period: PlanPeriod;
  className?: string;
}) {
  const { price, discount } = periodPricing(plan, period);
  const pays = priceFor(plan, period);
  return (
    <span className={cn('flex flex-col gap-0.5', className)}>
      <span className="font-semibold whitespace-nowrap text-foreground tabular-nums">
        {formatMoney(pays)}
      </span>
      {discount > 0 ? (
        <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          <s className="whitespace-nowrap tabular-nums">
            <span className="sr-only">{text.plans.fullPrice(formatMoney(price))}</span>
            <span aria-hidden="true">{formatMoney(price)}</span>
          </s>
          <span className="font-semibold whitespace-nowrap text-success">
            {text.discountBadge(basisPointsToPercent(discount))}
          </span>
        </span>
      ) : null}
    </span>
  );
}
