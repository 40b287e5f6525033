import type { InvoiceStats } from '@hiwar/domain';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  formatMoney,
  invoicesMessages,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@hiwar/ui';
import { lazy, Suspense, useId, useState } from 'react';
import { type EarningsRange, earningsBars } from '../lib/earnings-periods.ts';

const text = invoicesMessages.chart;

/** recharts is large: it downloads with this chart only, after the screen itself is shown. */
const EarningsChart = lazy(() => import('./earnings-chart.tsx'));

const RANGES: readonly EarningsRange[] = ['weekly', 'monthly'];

function ChartFallback() {
  return (
    <div role="status" aria-label={text.loading} className="h-[260px] w-full">
      <Skeleton className="size-full rounded-xl" />
    </div>
  );
}

/** One period's chart, its total, and the same figures as a table for screen readers. */
function EarningsPanel({ stats, range }: { stats: InvoiceStats; range: EarningsRange }) {
  const captionId = useId();
  const bars = earningsBars(stats[range], range);
  const total = bars.reduce((sum, bar) => sum + bar.earned, 0);
  const caption = range === 'weekly' ? text.weeklyLabel : text.monthlyLabel;
  return (
    <figure aria-labelledby={captionId} className="flex flex-col gap-3">
      <figcaption id={captionId} className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold text-foreground">{caption}</span>
        <span className="text-muted-foreground">{text.total(formatMoney(total))}</span>
      </figcaption>
      {total === 0 ? (
        <p className="flex h-[260px] items-center justify-center rounded-xl border border-dashed border-border px-6 text-center text-sm text-muted-foreground">
          {text.empty}
        </p>
      ) : (
        // Arrow keys walk the bars (recharts' accessibility layer); the table below says it all in words.
        <div className="rounded-xl [&_svg:focus-visible]:rounded-xl [&_svg:focus-visible]:outline-2 [&_svg:focus-visible]:outline-offset-2 [&_svg:focus-visible]:outline-ring">
          <Suspense fallback={<ChartFallback />}>
            <EarningsChart bars={bars} label={caption} />
          </Suspense>
        </div>
      )}
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{text.period}</th>
            <th scope="col">{text.earned}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.period}>
              <th scope="row">{bar.full}</th>
              <td>{formatMoney(bar.earned)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Earnings over time, per week or per month (tabs), for the tutor's `/invoices`. */
export function EarningsCard({ stats }: { stats: InvoiceStats | undefined }) {
  const [range, setRange] = useState<EarningsRange>('weekly');
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <CardTitle id={titleId}>{text.title}</CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={range} onValueChange={(value) => setRange(value as EarningsRange)}>
          <TabsList aria-label={text.periods}>
            {RANGES.map((value) => (
              <TabsTrigger key={value} value={value}>
                {text[value]}
              </TabsTrigger>
            ))}
          </TabsList>
          {RANGES.map((value) => (
            <TabsContent key={value} value={value}>
              {stats ? <EarningsPanel stats={stats} range={value} /> : <ChartFallback />}
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}
