import { type Interview, InterviewStatus } from '@hiwar/domain';
import { adminInterviewsMessages, formatDate } from '@hiwar/ui';
import { BadgeCheck, CircleDashed } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/badge.tsx';

const text = adminInterviewsMessages;

const TONE: Record<InterviewStatus, BadgeTone> = {
  [InterviewStatus.Pending]: 'info',
  [InterviewStatus.Passed]: 'success',
  [InterviewStatus.Rejected]: 'danger',
  [InterviewStatus.Canceled]: 'neutral',
};

export function InterviewStatusBadge({ status }: { status: InterviewStatus }) {
  return <Badge tone={TONE[status]}>{text.status[status]}</Badge>;
}

/** Signed (with the day, as a tooltip and for screen readers) or not. */
export function SignedBadge({ interview }: { interview: Pick<Interview, 'signedAt'> }) {
  if (interview.signedAt) {
    const label = text.signedOn(formatDate(interview.signedAt, { dateStyle: 'medium' }));
    return (
      <Badge tone="brand" title={label} aria-label={label}>
        <BadgeCheck aria-hidden="true" />
        {text.signed}
      </Badge>
    );
  }
  return (
    <Badge tone="neutral">
      <CircleDashed aria-hidden="true" />
      {text.notSigned}
    </Badge>
  );
}

/** `٣ من ٥`, or "not set". */
export function levelLabel(level: number | null): string {
  return level === null ? text.noLevel : text.level(level);
}

/** A member's name, or their id when the account has none. */
export function memberName(member: { id: number; name: string | null }): string {
  return member.name?.trim() || text.unknownPerson(member.id);
}

/** Whether a SuperAdmin may sign it now: passed and not signed yet (`interview-not-passed`, `-already-signed`). */
export function isSignable(interview: Pick<Interview, 'status' | 'signedAt'>): boolean {
  return interview.status === InterviewStatus.Passed && interview.signedAt === null;
}
