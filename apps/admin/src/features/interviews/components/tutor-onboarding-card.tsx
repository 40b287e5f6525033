import { useTutorOnboarding } from '@hiwar/client';
import type { OnboardingStepState, TutorOnboarding } from '@hiwar/domain';
import {
  adminInterviewsMessages,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  formatDate,
  formatDateTime,
} from '@hiwar/ui';
import { Camera, CheckCircle2, Circle, CircleDot } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/badge.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { memberName } from './interview-badges.tsx';

const text = adminInterviewsMessages.onboarding;
const statusText = adminInterviewsMessages.status;

const STATE_TONE: Record<OnboardingStepState, BadgeTone> = {
  done: 'success',
  current: 'brand',
  waiting: 'neutral',
};

function StateIcon({ state }: { state: OnboardingStepState }) {
  const className = 'size-5 shrink-0';
  if (state === 'done') {
    return <CheckCircle2 aria-hidden="true" className={`${className} text-success`} />;
  }
  if (state === 'current') {
    return <CircleDot aria-hidden="true" className={`${className} text-brand`} />;
  }
  return <Circle aria-hidden="true" className={`${className} text-muted-foreground`} />;
}

function Step({
  title,
  state,
  children,
}: {
  title: string;
  state: OnboardingStepState;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <li aria-labelledby={id} className="flex gap-3 rounded-xl border border-border p-3.5">
      <StateIcon state={state} />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={id} className="font-bold text-foreground">
            {title}
          </h3>
          <Badge tone={STATE_TONE[state]}>{text.stepState[state]}</Badge>
        </div>
        <div className="flex flex-col gap-1 text-sm text-muted-foreground">{children}</div>
      </div>
    </li>
  );
}

/** Requirement names as a short inline list. */
function Requirements({ items }: { items: readonly TutorOnboarding['missing'][number][] }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item}>
          <Badge tone="warning">{text.requirement[item]}</Badge>
        </li>
      ))}
    </ul>
  );
}

export interface TutorOnboardingCardProps {
  tutorId: number;
  /** The viewer may open `/interviews` (admins, TutorManager): the latest interview links there. */
  canOpenInterviews: boolean;
  /** The viewer may open `/photo-session/{id}` (admins): the studio step links there. */
  canOpenPhotoSession: boolean;
}

/**
 * `/tutor/{id}`: where the tutor stands on the way to being listed (spec §2 "tutor onboarding"): the
 * interview (standing, retake date, signature, latest interview), the studio (assigned member, media
 * still missing), the profile (fields still missing, topics), then every unmet listing requirement.
 */
export function TutorOnboardingCard({
  tutorId,
  canOpenInterviews,
  canOpenPhotoSession,
}: TutorOnboardingCardProps) {
  const onboarding = useTutorOnboarding(tutorId);
  const data = onboarding.data;

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
          {data ? (
            <div className="flex flex-wrap gap-1.5">
              <Badge tone={data.listed ? 'success' : 'warning'}>
                {data.listed ? text.listed : text.notListed}
              </Badge>
              <Badge tone={data.activated ? 'success' : 'neutral'}>
                {data.activated ? text.activated : text.notActivated}
              </Badge>
            </div>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        {onboarding.isLoading ? (
          <Skeleton className="h-40 w-full" />
        ) : onboarding.isError || !data ? (
          <ErrorState
            title={text.loadFailed}
            error={onboarding.error}
            onRetry={() => void onboarding.refetch()}
          />
        ) : (
          <div className="flex flex-col gap-5">
            <ol aria-label={text.steps} className="grid gap-3 lg:grid-cols-3">
              <Step title={text.interviewStep} state={data.interview.state}>
                <p>{text.standing[data.interview.standing]}</p>
                {data.interview.retakeAt ? (
                  <p>{text.retakeAt(formatDate(data.interview.retakeAt, { dateStyle: 'long' }))}</p>
                ) : null}
                <p>{data.interview.signed ? text.signed : text.notSigned}</p>
                {data.interview.latest ? (
                  canOpenInterviews ? (
                    <Link
                      to={`/interviews?interviewee=${tutorId}&interview=${data.interview.latest.id}`}
                      className="font-semibold text-brand hover:underline focus-visible:underline"
                    >
                      {latestLabel(data.interview.latest)}
                    </Link>
                  ) : (
                    <p>{latestLabel(data.interview.latest)}</p>
                  )
                ) : null}
              </Step>
              <Step title={text.studioStep} state={data.studio.state}>
                <p>{data.studio.assigned ? text.studio(memberName(data.studio.assigned)) : text.noStudio}</p>
                {data.studio.missing.length === 0 ? (
                  <p>{text.mediaComplete}</p>
                ) : (
                  <Requirements items={data.studio.missing} />
                )}
                {canOpenPhotoSession ? (
                  <Button asChild variant="ghost" size="sm" className="self-start">
                    <Link to={`/photo-session/${tutorId}`}>
                      <Camera aria-hidden="true" className="size-4" />
                      {text.openSession}
                    </Link>
                  </Button>
                ) : null}
              </Step>
              <Step title={text.profileStep} state={data.profile.state}>
                {data.profile.missing.length === 0 ? (
                  <p>{text.profileComplete}</p>
                ) : (
                  <Requirements items={data.profile.missing} />
                )}
                <p>{text.topics(data.profile.topics)}</p>
              </Step>
            </ol>
            <section aria-labelledby={`onboarding-${tutorId}-missing`} className="flex flex-col gap-2">
              <h3 id={`onboarding-${tutorId}-missing`} className="text-sm font-bold text-foreground">
                {text.missingTitle}
              </h3>
              {data.missing.length === 0 ? (
                <p className="text-sm text-muted-foreground">{text.nothingMissing}</p>
              ) : (
                <Requirements items={data.missing} />
              )}
            </section>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function latestLabel(interview: NonNullable<TutorOnboarding['interview']['latest']>): string {
  return text.latest(
    statusText[interview.status],
    formatDateTime(interview.start, { dateStyle: 'medium', timeStyle: 'short' }),
  );
}
