import { Mic, MonitorUp, PhoneOff, Video } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { messages } from '../messages/messages.ts';

const text = messages.illustration;
const CONTROLS = [
  ['mic', Mic],
  ['camera', Video],
  ['screen', MonitorUp],
] as const;

/**
 * Decorative picture of a lesson (a tutor correcting a student's English) for welcome and marketing
 * heroes. Drawn with markup so it follows the theme; exposed to assistive technology as one image.
 */
export function ConversationIllustration({ className }: { className?: string }) {
  return (
    <div
      role="img"
      aria-label={text.label}
      className={cn('relative mx-auto w-full max-w-md select-none', className)}
    >
      <div
        aria-hidden="true"
        className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-gradient-to-br from-brand-soft via-transparent to-accent-soft opacity-90 blur-2xl"
      />
      <div
        aria-hidden="true"
        className="overflow-hidden rounded-3xl border border-border bg-surface shadow-pop"
      >
        <div className="flex items-center justify-between border-b border-border px-5 py-3.5">
          <span className="inline-flex items-center gap-2 text-sm font-semibold text-foreground">
            <span className="relative inline-flex size-2.5">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
              <span className="relative inline-flex size-2.5 rounded-full bg-success" />
            </span>
            {text.lessonBadge}
          </span>
          <span className="flex gap-1.5">
            <span className="size-2.5 rounded-full bg-border" />
            <span className="size-2.5 rounded-full bg-border" />
            <span className="size-2.5 rounded-full bg-border" />
          </span>
        </div>
        {/* The tutor speaks from the start side, the learner (the viewer) from the end, as chat apps do. */}
        <div className="flex flex-col gap-3 px-5 py-6">
          <p className="max-w-[80%] self-start rounded-2xl rounded-ss-md bg-surface-muted px-4 py-2.5 text-sm text-foreground">
            <span dir="ltr">{text.tutorLine}</span>
          </p>
          <p className="max-w-[80%] self-end rounded-2xl rounded-se-md bg-brand px-4 py-2.5 text-sm text-brand-foreground">
            <span dir="ltr">{text.studentLine}</span>
          </p>
          <p className="max-w-[85%] self-start rounded-2xl rounded-ss-md border border-accent/40 bg-accent-soft px-4 py-2.5 text-sm font-medium text-accent-foreground">
            {text.correction}
          </p>
        </div>
        <div className="flex items-center justify-center gap-3 border-t border-border bg-surface-muted/60 px-5 py-3.5">
          {CONTROLS.map(([name, Icon]) => (
            <span
              key={name}
              className="inline-flex size-10 items-center justify-center rounded-full bg-surface text-muted-foreground shadow-card"
            >
              <Icon className="size-[1.125rem]" />
            </span>
          ))}
          <span className="inline-flex size-10 items-center justify-center rounded-full bg-danger text-danger-foreground shadow-card">
            <PhoneOff className="size-[1.125rem]" />
          </span>
        </div>
      </div>
    </div>
  );
}
