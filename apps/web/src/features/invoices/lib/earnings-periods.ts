import { type EarningsPoint, PIASTERS_PER_POUND } from '@hiwar/domain';
import { formatNumber, invoicesMessages } from '@hiwar/ui';
import { formatLocalDate } from './invoice-view.ts';

export type EarningsRange = 'weekly' | 'monthly';

/** One bar of the chart, named for the axis (short) and for the table and tooltip (full). */
export interface EarningsBar {
  period: string;
  short: string;
  full: string;
  earned: number;
}

const monthStart = (period: string) => `${period}-01`;

/**
 * The API's periods (a week by its Saturday `YYYY-MM-DD`, a month `YYYY-MM`) in Arabic words with
 * Arabic-Indic digits: "٢١ نوفمبر" / "أسبوع ٢١ نوفمبر ٢٠٢٦", "نوفمبر ٢٠٢٦".
 */
export function earningsBars(points: readonly EarningsPoint[], range: EarningsRange): EarningsBar[] {
  return points.map((point) => {
    if (range === 'weekly') {
      return {
        period: point.period,
        short: formatLocalDate(point.period, { weekday: undefined, month: 'short' }),
        full: invoicesMessages.chart.weekOf(
          formatLocalDate(point.period, { weekday: undefined, year: 'numeric' }),
        ),
        earned: point.earned,
      };
    }
    const label = formatLocalDate(monthStart(point.period), {
      weekday: undefined,
      day: undefined,
      month: 'long',
      year: 'numeric',
    });
    return {
      period: point.period,
      short: formatLocalDate(monthStart(point.period), {
        weekday: undefined,
        day: undefined,
        month: 'short',
      }),
      full: label,
      earned: point.earned,
    };
  });
}

/** Money on the value axis, compact: "١٫٢ ألف". */
export function compactPounds(piasters: number): string {
  return formatNumber(piasters / PIASTERS_PER_POUND, { notation: 'compact', maximumFractionDigits: 1 });
}
