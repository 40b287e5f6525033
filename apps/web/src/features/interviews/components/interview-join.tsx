import type { Interview } from '@hiwar/domain';
import { Button, interviewsMessages } from '@hiwar/ui';
import { Video } from 'lucide-react';
import { Link } from 'react-router';
import { interviewJoinLabel, interviewRoomPath, joinLabelText } from '../lib/interview-view.ts';

const text = interviewsMessages.join;

/**
 * The join label that follows the clock and the "enter the interview" button: a link to the room
 * inside the join window (10 minutes before start until the end), a disabled button before it.
 */
export function InterviewJoin({ interview, now }: { interview: Interview; now: Date }) {
  const label = interviewJoinLabel(interview, now);
  if (label.kind === 'ended' || label.kind === 'canceled') {
    return null;
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      {label.canJoin ? (
        <Button asChild size="sm">
          <Link to={interviewRoomPath(interview.id)}>
            <Video aria-hidden />
            {text.enter}
          </Link>
        </Button>
      ) : (
        <Button size="sm" disabled aria-describedby={`join-hint-${interview.id}`}>
          <Video aria-hidden />
          {text.enter}
        </Button>
      )}
      <p className="text-sm font-medium" aria-live="polite">
        {joinLabelText(label)}
        {label.canJoin ? null : (
          <span id={`join-hint-${interview.id}`} className="block text-xs font-normal text-muted-foreground">
            {text.opensAt}
          </span>
        )}
      </p>
    </div>
  );
}
