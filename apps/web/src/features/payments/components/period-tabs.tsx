import { PLAN_PERIOD_SLUGS, type Plan, type PlanPeriod } from '@hiwar/domain';
import { checkoutMessages, planQuote, TabsList, TabsTrigger } from '@hiwar/ui';
import { PERIOD_ORDER } from '../lib/periods.ts';

/** The largest period discount among `plans`, in percent (0 without one). */
export function bestSaving(plans: readonly Plan[], period: PlanPeriod): number {
  return plans.reduce((best, plan) => Math.max(best, planQuote(plan, period).savePercent), 0);
}

/**
 * The period tab row (شهري / ٣ أشهر / ٦ أشهر / سنوي) with the best saving of each period, for use inside
 * `Tabs` whose values are the period slugs. On phones it scrolls sideways rather than wrapping.
 */
export function PeriodTabsList({ plans, label }: { plans: readonly Plan[]; label: string }) {
  return (
    <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <TabsList aria-label={label} className="min-w-full sm:min-w-0">
        {PERIOD_ORDER.map((period) => {
          const saving = bestSaving(plans, period);
          return (
            <TabsTrigger
              key={period}
              value={PLAN_PERIOD_SLUGS[period]}
              className="h-auto shrink-0 whitespace-nowrap py-2"
            >
              <span className="flex flex-col items-center gap-0.5 leading-tight">
                <span>{checkoutMessages.periods.tab[period]}</span>
                <span className="min-h-4 text-[0.7rem] font-semibold text-success">
                  {saving > 0 ? checkoutMessages.periods.saveUpTo(saving) : '\u00a0'}
                </span>
              </span>
            </TabsTrigger>
          );
        })}
      </TabsList>
    </div>
  );
}
