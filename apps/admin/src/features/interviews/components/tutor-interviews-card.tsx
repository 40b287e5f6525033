import { useInterviews } from '@hiwar/client';
import { SortOrder } from '@hiwar/domain';
import {
  adminInterviewsMessages,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  formatDateTime,
} from '@hiwar/ui';
import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { ArrowForward } from '../../../components/direction-icons.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { InterviewStatusBadge, levelLabel, memberName, SignedBadge } from './interview-badges.tsx';

const text = adminInterviewsMessages.history;

/** How many of the tutor's interviews the card lists; the interviews page has the rest. */
const HISTORY_SIZE = 10;

/**
 * `/tutor/{id}`: the tutor's interviews, newest first, each with its status, level and signature and a
 * link to its details on the interviews page; a link to all of them there, filtered to this tutor. A
 * TutorManager gets only those they conducted (the server filters).
 */
export function TutorInterviewsCard({ tutorId }: { tutorId: number }) {
  const interviews = useInterviews({
    intervieweeId: tutorId,
    page: 1,
    size: HISTORY_SIZE,
    order: SortOrder.Desc,
  });
  const list = interviews.data?.list ?? [];
  const filtered = `/interviews?interviewee=${tutorId}`;

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1">
            <CardTitle as="h2" className="text-base">
              {text.title}
            </CardTitle>
            <CardDescription>{text.description}</CardDescription>
          </div>
          <Button asChild variant="ghost" size="sm">
            <Link to={filtered}>
              {text.all}
              <ArrowForward className="size-4" />
            </Link>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {interviews.isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : interviews.isError ? (
          <ErrorState
            title={text.loadFailed}
            error={interviews.error}
            onRetry={() => void interviews.refetch()}
          />
        ) : list.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <MessagesSquare aria-hidden="true" className="size-4" />
            {text.empty}
          </p>
        ) : (
          <ul aria-label={text.list} className="flex flex-col divide-y divide-border">
            {list.map((interview) => {
              const when = formatDateTime(interview.start, { dateStyle: 'medium', timeStyle: 'short' });
              return (
                <li
                  key={interview.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
                >
                  <div className="flex min-w-0 flex-col gap-1">
                    <Link
                      to={`${filtered}&interview=${interview.id}`}
                      aria-label={text.open(when)}
                      className="font-semibold text-foreground hover:text-brand focus-visible:underline"
                    >
                      {when}
                    </Link>
                    <span className="text-xs text-muted-foreground">
                      {text.with(memberName(interview.interviewer))} ·{' '}
                      {text.level(levelLabel(interview.level))}
                    </span>
                  </div>
                  <div className="flex flex-wrap items-center gap-1.5">
                    <InterviewStatusBadge status={interview.status} />
                    <SignedBadge interview={interview} />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
