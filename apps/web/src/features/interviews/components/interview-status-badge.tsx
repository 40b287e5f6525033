import type { Interview } from '@hiwar/domain';
import { Badge, interviewsMessages } from '@hiwar/ui';
import { interviewView, VIEW_TONES } from '../lib/interview-view.ts';

/** The interview's state as a coloured badge (upcoming, happening now, awaiting an outcome, …). */
export function InterviewStatusBadge({ interview, now }: { interview: Interview; now: Date }) {
  const view = interviewView(interview, now);
  return <Badge tone={VIEW_TONES[view]}>{interviewsMessages.status[view]}</Badge>;
}
