import {
  type JoinLabel,
  type SessionFacts,
  type SessionKind,
  sessionJoinLabel,
  sessionRemainingMs,
} from '@hiwar/domain';
import { sessionMessages } from '@hiwar/ui';
import { Clock } from 'lucide-react';
import { sessionText } from '../lib/session-text.ts';

/** The room's join label in Arabic (the lesson labels of spec §4), worded for the session's kind. */
export function sessionLabelText(label: JoinLabel, kind?: SessionKind): string {
  const text = sessionText(kind).timer;
  switch (label.kind) {
    case 'countdown':
      return text.countdown(label.minutesLeft);
    case 'can-join-now':
      return text.canJoinNow;
    case 'started':
      return text.started(label.minutesAgo);
    case 'ended':
      return text.ended;
    case 'canceled':
      return text.canceled;
  }
}

/** The session timer: its join label and the time left until the end. */
export function SessionTimer({ facts, now }: { facts: SessionFacts; now: Date }) {
  const label = sessionJoinLabel(facts, now);
  const text = sessionText(facts.ref.kind).timer;
  const started = now.getTime() >= facts.start.getTime();
  return (
    <div className="flex items-center gap-2 text-sm" role="timer" aria-label={text.label}>
      <Clock aria-hidden className="size-4 text-muted-foreground" />
      <span className="font-medium">{sessionLabelText(label, facts.ref.kind)}</span>
      {started && label.kind !== 'ended' ? (
        <span className="tabular-nums text-muted-foreground">
          {sessionMessages.timer.remaining(sessionRemainingMs(facts, now))}
        </span>
      ) : null}
    </div>
  );
}
