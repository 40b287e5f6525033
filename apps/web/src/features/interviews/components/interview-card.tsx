import { type Interview, InterviewStatus } from '@hiwar/domain';
import { Avatar, Badge, Button, Card, formatDateTime, interviewsMessages } from '@hiwar/ui';
import { BadgeCheck, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { canChangeInterview, interviewView, isInterviewOver, plainText } from '../lib/interview-view.ts';
import { useUserTimeZone } from '../lib/time-zone.ts';
import { CancelInterviewDialog } from './cancel-interview-dialog.tsx';
import { InterviewJoin } from './interview-join.tsx';
import { InterviewResultDialog } from './interview-result-dialog.tsx';
import { InterviewStatusBadge } from './interview-status-badge.tsx';
import { IntervieweeFeedbackForm } from './interviewee-feedback-form.tsx';
import { RescheduleInterviewDialog } from './reschedule-interview-dialog.tsx';

const text = interviewsMessages.card;

export interface InterviewCardProps {
  interview: Interview;
  /** The tutor sees the interviewer, feedback and their own feedback form; never a note. */
  viewer: 'tutor' | 'manager';
  now: Date;
  headingLevel?: 'h2' | 'h3';
}

/**
 * One interview: who it is with, when, its status badge, the join button in the window, and what the
 * viewer may do with it. A tutor moves or cancels a pending one and gives feedback after it; the
 * TutorManager cancels before start and records the outcome once it started. Decided interviews show
 * the level and the feedback (the staff note only to the TutorManager).
 */
export function InterviewCard({ interview, viewer, now, headingLevel = 'h3' }: InterviewCardProps) {
  const timeZone = useUserTimeZone();
  const Heading = headingLevel;
  const other = viewer === 'tutor' ? interview.interviewer : interview.interviewee;
  const otherName = other.name ?? (viewer === 'tutor' ? text.unnamedInterviewer : text.unnamedTutor);
  const view = interviewView(interview, now);
  const changeable = canChangeInterview(interview, now);
  const decided =
    interview.status === InterviewStatus.Passed || interview.status === InterviewStatus.Rejected;
  const over = isInterviewOver(interview, now);
  const feedback = plainText(interview.feedback);
  const note = viewer === 'manager' ? plainText(interview.note ?? null) : '';
  const theirFeedback = viewer === 'manager' ? plainText(interview.intervieweeFeedback) : '';

  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex items-start gap-3">
        <Avatar src={other.image} name={otherName} size="md" decorative />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Heading className="font-bold">{text.with(otherName)}</Heading>
            <InterviewStatusBadge interview={interview} now={now} />
            {interview.signedAt ? (
              <Badge tone="brand">
                <BadgeCheck aria-hidden />
                {text.signed}
              </Badge>
            ) : null}
          </div>
          <p className="text-sm text-muted-foreground">
            <time dateTime={interview.start}>{formatDateTime(interview.start, { timeZone })}</time> ·{' '}
            {text.minutes}
          </p>
          {view === 'canceled' && interview.canceledBy ? (
            <p className="text-sm text-muted-foreground">
              {text.canceledBy(interview.canceledBy.name ?? otherName)}
            </p>
          ) : null}
        </div>
      </div>

      {view === 'upcoming' || view === 'happening' ? <InterviewJoin interview={interview} now={now} /> : null}

      {decided ? (
        <dl className="grid gap-3 rounded-xl bg-surface-muted p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          {interview.level !== null ? (
            <>
              <dt className="text-muted-foreground">{text.level}</dt>
              <dd className="font-semibold">{text.levelValue(interview.level)}</dd>
            </>
          ) : null}
          {feedback ? (
            <>
              <dt className="text-muted-foreground">{text.feedback}</dt>
              <dd className="whitespace-pre-line">{feedback}</dd>
            </>
          ) : null}
          {note ? (
            <>
              <dt className="text-muted-foreground">{text.note}</dt>
              <dd className="whitespace-pre-line">{note}</dd>
            </>
          ) : null}
        </dl>
      ) : null}

      {theirFeedback ? (
        <div className="rounded-xl bg-surface-muted p-4 text-sm">
          <p className="font-semibold">{interviewsMessages.intervieweeFeedback.title}</p>
          <p className="whitespace-pre-line">{theirFeedback}</p>
        </div>
      ) : null}

      {viewer === 'tutor' && over ? <IntervieweeFeedbackForm interview={interview} /> : null}

      <div className="flex flex-wrap items-center gap-2 empty:hidden">
        {viewer === 'manager' && interview.status === InterviewStatus.Pending && view !== 'upcoming' ? (
          <InterviewResultDialog interview={interview} />
        ) : null}
        {viewer === 'tutor' && changeable ? <RescheduleInterviewDialog interview={interview} /> : null}
        {interview.chatRoomId !== null && interview.status !== InterviewStatus.Canceled ? (
          <Button asChild size="sm" variant="secondary">
            <Link to={`/chat?room=${interview.chatRoomId}`}>
              <MessageCircle aria-hidden />
              {text.message}
            </Link>
          </Button>
        ) : null}
        {changeable ? <CancelInterviewDialog interview={interview} by={viewer} /> : null}
      </div>
    </Card>
  );
}
