import { useInterview } from '@hiwar/client';
import type { Interview } from '@hiwar/domain';
import {
  Avatar,
  adminInterviewsMessages,
  adminMessages,
  Button,
  Dialog,
  DialogContent,
  formatDate,
  formatDateTime,
} from '@hiwar/ui';
import { BadgeCheck, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import {
  InterviewStatusBadge,
  isSignable,
  levelLabel,
  memberName,
  SignedBadge,
} from './interview-badges.tsx';

const text = adminInterviewsMessages.detail;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
      <dd className="text-sm text-foreground">{children}</dd>
    </div>
  );
}

function Person({ member }: { member: Interview['interviewer'] }) {
  const name = memberName(member);
  return (
    <span className="flex items-center gap-2">
      <span aria-hidden="true" className="flex shrink-0">
        <Avatar decorative name={name} src={member.image} size="sm" />
      </span>
      <span className="font-semibold">{name}</span>
    </span>
  );
}

/** One text of the interview (feedback, the tutor's feedback, the note), or "none". */
function TextBlock({ title, hint, html }: { title: string; hint?: string; html: string | null }) {
  return (
    <section className="flex flex-col gap-1.5 rounded-xl border border-border bg-surface-muted/40 p-3.5">
      <h3 className="text-sm font-bold text-foreground">{title}</h3>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      {html?.trim() ? (
        <RichText
          html={html}
          className="text-sm leading-7 text-foreground [&_ol]:list-decimal [&_ol]:ps-5 [&_ul]:list-disc [&_ul]:ps-5"
        />
      ) : (
        <p className="text-sm text-muted-foreground">{text.none}</p>
      )}
    </section>
  );
}

export interface InterviewDetailDialogProps {
  /** The open interview's id; `undefined` keeps the dialog closed. */
  id: number | undefined;
  /** The row as the list has it, shown at once while the interview itself loads. */
  fromList: Interview | undefined;
  canSign: boolean;
  onSign: (interview: Interview) => void;
  onClose: () => void;
}

/**
 * An interview in full: members, time, status, level, signature, the interviewer's feedback (the
 * tutor sees it), the tutor's own feedback and the staff note (only staff ever receive it). A SuperAdmin
 * signs a passed, unsigned interview from here.
 */
export function InterviewDetailDialog({
  id,
  fromList,
  canSign,
  onSign,
  onClose,
}: InterviewDetailDialogProps) {
  const detail = useInterview(id ?? null);
  const interview = detail.data ?? fromList;
  const title = interview ? text.title(memberName(interview.interviewee)) : adminMessages.pages.interviews;

  return (
    <Dialog open={id !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={title} className="sm:max-w-2xl">
        {interview ? (
          <div className="flex flex-col gap-5">
            <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
              <Fact label={text.tutor}>
                <Person member={interview.interviewee} />
              </Fact>
              <Fact label={text.interviewer}>
                <Person member={interview.interviewer} />
              </Fact>
              <Fact label={text.time}>
                {formatDateTime(interview.start, { dateStyle: 'full', timeStyle: 'short' })}
              </Fact>
              <Fact label={text.status}>
                <span className="flex flex-wrap items-center gap-2">
                  <InterviewStatusBadge status={interview.status} />
                  {interview.canceledAt && interview.canceledBy ? (
                    <span className="text-xs text-muted-foreground">
                      {text.canceledBy(
                        memberName(interview.canceledBy),
                        formatDate(interview.canceledAt, { dateStyle: 'medium' }),
                      )}
                    </span>
                  ) : null}
                </span>
              </Fact>
              <Fact label={text.level}>{levelLabel(interview.level)}</Fact>
              <Fact label={text.signature}>
                <span className="flex flex-wrap items-center gap-2">
                  <SignedBadge interview={interview} />
                  {interview.signedAt && interview.signedBy ? (
                    <span className="text-xs text-muted-foreground">
                      {text.signedBy(
                        memberName(interview.signedBy),
                        formatDate(interview.signedAt, { dateStyle: 'medium' }),
                      )}
                    </span>
                  ) : null}
                </span>
              </Fact>
            </dl>
            <TextBlock title={text.feedback} hint={text.feedbackHint} html={interview.feedback} />
            <TextBlock title={text.intervieweeFeedback} html={interview.intervieweeFeedback} />
            {interview.note === undefined ? null : (
              <TextBlock title={text.note} hint={text.noteHint} html={interview.note} />
            )}
            <div className="flex flex-wrap items-center justify-end gap-2 border-t border-border pt-4">
              <Button asChild variant="ghost" size="sm">
                <Link to={`/tutor/${interview.interviewee.id}`}>
                  <UserRound aria-hidden="true" className="size-4" />
                  {text.tutorPage}
                </Link>
              </Button>
              {canSign && isSignable(interview) ? (
                <Button size="sm" onClick={() => onSign(interview)}>
                  <BadgeCheck aria-hidden="true" className="size-4" />
                  {text.sign}
                </Button>
              ) : null}
            </div>
          </div>
        ) : detail.isError ? (
          <ErrorState title={text.loadFailed} error={detail.error} onRetry={() => void detail.refetch()} />
        ) : (
          <div aria-busy="true" className="flex flex-col gap-3">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
