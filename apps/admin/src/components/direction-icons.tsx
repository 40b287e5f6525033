import { cn } from '@hiwar/ui';
import { ArrowLeft, ArrowRight, ChevronLeft, ChevronRight, type LucideProps } from 'lucide-react';

/**
 * The class that mirrors a drawing made for left-to-right text where the nearest `dir` is `rtl`
 * (direction-icons.css says why it is not Tailwind's `rtl:` variant). Its rules are in the app's
 * stylesheet (styles.css): imported here, they made a 0.1 kB stylesheet of their own, one request more
 * on every screen with a pager, a back link or a chart (issue 26).
 */
export const mirrorInRtl = 'mirror-in-rtl';

/*
 * Icons that point along the reading direction instead of at a fixed side: drawn for left-to-right
 * text and mirrored under `dir="rtl"`. In Arabic "next" and "open" point left and "previous" and
 * "back" point right, and each turns round by itself in a left-to-right run. Decorative: the control
 * they sit in carries the words.
 */

/** Towards the end of the line: next page, next week. */
export function ChevronForward({ className, ...props }: LucideProps) {
  return <ChevronRight aria-hidden="true" className={cn(mirrorInRtl, className)} {...props} />;
}

/** Towards the start of the line: previous page, previous week. */
export function ChevronBack({ className, ...props }: LucideProps) {
  return <ChevronLeft aria-hidden="true" className={cn(mirrorInRtl, className)} {...props} />;
}

/** On to another screen: "see all", "open". */
export function ArrowForward({ className, ...props }: LucideProps) {
  return <ArrowRight aria-hidden="true" className={cn(mirrorInRtl, className)} {...props} />;
}

/** Back to the screen this one was opened from. */
export function ArrowBack({ className, ...props }: LucideProps) {
  return <ArrowLeft aria-hidden="true" className={cn(mirrorInRtl, className)} {...props} />;
}
