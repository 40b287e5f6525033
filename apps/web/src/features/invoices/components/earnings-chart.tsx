import { formatMoney, invoicesMessages } from '@hiwar/ui';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { compactPounds, type EarningsBar } from '../lib/earnings-periods.ts';

const text = invoicesMessages.chart;

const tick = { fill: 'var(--muted-foreground)', fontSize: 12 };

export interface EarningsChartProps {
  bars: readonly EarningsBar[];
  /** The chart's title for assistive technology (the same figures are also in a table). */
  label: string;
}

/**
 * recharts draws its layers into `<g>` elements that React renders portals into, and React listens for
 * focus events on every portal's container; Chromium makes an SVG element with focus listeners
 * focusable, so Tab stopped on each invisible layer. They leave the tab order (`tabindex="-1"`) as
 * they appear; the chart itself stays one stop, where the arrows walk the bars.
 */
function keepLayersOutOfTabOrder(surface: SVGSVGElement | null): (() => void) | undefined {
  const root = surface?.parentElement;
  if (!root) {
    return undefined;
  }
  const untab = () => {
    for (const layer of root.querySelectorAll<SVGGElement>(
      'g[class*="recharts-zIndex-layer"]:not([tabindex])',
    )) {
      layer.setAttribute('tabindex', '-1');
    }
  };
  untab();
  const observer = new MutationObserver(untab);
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * The earnings bars (recharts, loaded only on `/invoices`). Right to left: the oldest period sits at
 * the right and time runs leftwards, the value axis stands on the right; every number is written with
 * Arabic-Indic digits and money in pounds through `Intl`. Colours are the theme's variables, so both
 * themes draw it; recharts' accessibility layer lets the keyboard walk the bars.
 */
export default function EarningsChart({ bars, label }: EarningsChartProps) {
  return (
    <BarChart
      ref={keepLayersOutOfTabOrder}
      responsive
      data={[...bars]}
      title={label}
      style={{ width: '100%', height: 260 }}
      margin={{ top: 8, right: 0, bottom: 0, left: 8 }}
    >
      <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="4 4" />
      <XAxis
        dataKey="short"
        reversed
        tick={tick}
        tickLine={false}
        axisLine={{ stroke: 'var(--border)' }}
        interval="preserveStartEnd"
        minTickGap={12}
      />
      <YAxis
        orientation="right"
        width={56}
        tick={tick}
        tickLine={false}
        axisLine={false}
        allowDecimals={false}
        tickFormatter={(value: number) => compactPounds(value)}
      />
      <Tooltip
        cursor={{ fill: 'var(--surface-muted)' }}
        labelFormatter={(_, payload) => (payload[0]?.payload as EarningsBar | undefined)?.full ?? ''}
        formatter={(value) => [formatMoney(Number(value)), text.earned]}
        contentStyle={{
          direction: 'rtl',
          textAlign: 'start',
          background: 'var(--surface-raised)',
          border: '1px solid var(--border)',
          borderRadius: 12,
          color: 'var(--foreground)',
        }}
        labelStyle={{ fontWeight: 700, color: 'var(--foreground)' }}
        itemStyle={{ color: 'var(--foreground)' }}
      />
      <Bar dataKey="earned" name={text.earned} fill="var(--brand)" radius={[6, 6, 0, 0]} maxBarSize={36} />
    </BarChart>
  );
}
