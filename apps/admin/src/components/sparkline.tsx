import { cn } from '@hiwar/ui';
import { mirrorInRtl } from './direction-icons.tsx';

export interface SparklineProps {
  /** Oldest first. */
  values: readonly number[];
  /** The chart's accessible name: what it shows, in words (read instead of the drawing). */
  label: string;
  className?: string;
}

const WIDTH = 120;
const HEIGHT = 36;
const PAD = 3;

/**
 * A small trend line (a card's last weeks, a server's last readings). It is one image to assistive
 * technology, named by `label`, which should carry the values in words. Time runs along the inline
 * direction: in Arabic the oldest value sits at the right and the newest at the left. Colours come
 * from the theme (`currentColor`, the brand by default), so it follows light and dark.
 */
export function Sparkline({ values, label, className }: SparklineProps) {
  const points = values.length === 1 ? [values[0]!, values[0]!] : values;
  const max = Math.max(...points, 0);
  const min = Math.min(...points, 0);
  const span = max - min || 1;
  const step = points.length > 1 ? (WIDTH - PAD * 2) / (points.length - 1) : 0;
  const coordinates = points.map((value, index) => ({
    x: PAD + index * step,
    y: HEIGHT - PAD - ((value - min) / span) * (HEIGHT - PAD * 2),
  }));
  const line = coordinates.map(({ x, y }) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  const last = coordinates.at(-1);
  const first = coordinates[0];
  const area =
    first && last
      ? `M${first.x.toFixed(1)},${HEIGHT - PAD} L${line.replaceAll(' ', ' L')} L${last.x.toFixed(1)},${HEIGHT - PAD} Z`
      : '';

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      className={cn('h-9 w-full text-brand', mirrorInRtl, className)}
    >
      {values.length > 0 ? (
        <>
          <path d={area} fill="currentColor" fillOpacity={0.12} stroke="none" />
          <polyline
            points={line}
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        </>
      ) : (
        <line
          x1={PAD}
          x2={WIDTH - PAD}
          y1={HEIGHT - PAD}
          y2={HEIGHT - PAD}
          stroke="currentColor"
          strokeOpacity={0.3}
          strokeDasharray="3 3"
        />
      )}
    </svg>
  );
}
