import { formatNumber, lessonsMessages } from '@hiwar/ui';
import { Star } from 'lucide-react';

const text = lessonsMessages.tutors;

/** ★ 4.8 (12 تقييمًا), or "new" before the first rating. */
export function TutorRating({ rating, count }: { rating: number | null; count: number }) {
  if (rating === null || count === 0) {
    return <span className="text-sm font-medium text-brand">{text.noRating}</span>;
  }
  const value = formatNumber(rating, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  return (
    <span
      className="inline-flex items-center gap-1 text-sm"
      role="img"
      aria-label={text.ratingLabel(value, count)}
    >
      <Star aria-hidden className="size-4 fill-warning text-warning" />
      <span className="font-bold">{value}</span>
      <span className="text-muted-foreground">({text.ratingCount(count)})</span>
    </span>
  );
}
