import { adminDashboardMessages, Card } from '@hiwar/ui';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { ArrowForward } from '../../../components/direction-icons.tsx';
import { Sparkline } from '../../../components/sparkline.tsx';

const text = adminDashboardMessages;

export interface StatCardProps {
  title: string;
  /** The headline figure, already formatted. */
  value: string;
  /** What the headline figure counts ("today", "waiting now"). */
  valueLabel: string;
  /** A second figure or an explanation under the headline. */
  detail?: ReactNode;
  /** The chart's values, oldest week first, and their formatting for the text alternative. */
  series: readonly number[];
  chartTitle: string;
  format: (value: number) => string;
  /** The card's screen. */
  to: string;
  linkLabel: string;
  icon: ReactNode;
}

/**
 * One dashboard figure: a headline number, a second figure, the last weeks as a small chart (named in
 * words for screen readers) and a link to the screen where the figure's items are handled.
 */
export function StatCard({
  title,
  value,
  valueLabel,
  detail,
  series,
  chartTitle,
  format,
  to,
  linkLabel,
  icon,
}: StatCardProps) {
  const titleId = useId();
  const formatted = series.map(format);
  const chartLabel =
    series.length > 0
      ? text.sparkline.summary(chartTitle, formatted, formatted.at(-1) ?? '')
      : text.sparkline.empty(chartTitle);
  return (
    <Card className="flex flex-col">
      <section aria-labelledby={titleId} className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-sm font-semibold text-muted-foreground">
            {title}
          </h2>
          <span
            aria-hidden="true"
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand [&_svg]:size-5"
          >
            {icon}
          </span>
        </div>
        <p className="flex flex-col">
          <span className="text-3xl font-bold tabular-nums text-foreground">{value}</span>
          <span className="text-xs text-muted-foreground">{valueLabel}</span>
        </p>
        {detail ? <div className="text-sm text-muted-foreground">{detail}</div> : null}
        <div className="mt-auto flex flex-col gap-1 pt-1">
          <Sparkline values={series} label={chartLabel} />
          <span aria-hidden="true" className="text-xs text-muted-foreground">
            {chartTitle}
          </span>
        </div>
      </section>
      <Link
        to={to}
        className="flex items-center justify-between gap-2 rounded-b-2xl border-t border-border px-5 py-3 text-sm font-semibold text-brand hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
      >
        {linkLabel}
        <ArrowForward className="size-4" />
      </Link>
    </Card>
  );
}
