import {
  AssetKind,
  type Interview,
  InterviewStatus,
  OnboardingStepState,
  STUDIO_MEDIA,
  type TutorOnboarding,
} from '@hiwar/domain';
import {
  Alert,
  Avatar,
  Badge,
  type BadgeTone,
  Button,
  Card,
  cn,
  formatDate,
  interviewsMessages,
} from '@hiwar/ui';
import { CheckCircle2, CircleDashed, ExternalLink, PartyPopper } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { interviewView } from '../lib/interview-view.ts';
import { useUserTimeZone } from '../lib/time-zone.ts';
import { InterviewCard } from './interview-card.tsx';
import { InterviewSlotPicker } from './interview-slot-picker.tsx';
import type { OnboardingStep, OnboardingStepKey } from './onboarding-stepper.tsx';

const text = interviewsMessages.onboarding;
const STATE_TONES: Record<OnboardingStepState, BadgeTone> = {
  done: 'success',
  current: 'brand',
  waiting: 'neutral',
};

/** One stage as a card: its number and name as the heading, its state, then what to do. */
export function OnboardingSection({
  step,
  index,
  children,
}: {
  step: OnboardingStep;
  index: number;
  children: ReactNode;
}) {
  const headingId = `onboarding-${step.key}`;
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className={cn('flex flex-col gap-4 p-5 sm:p-6', step.state === 'current' && 'border-brand')}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold">
          <span className="text-muted-foreground">{text.stepNumber(index + 1)}: </span>
          {text.steps[step.key]}
        </h2>
        <Badge tone={STATE_TONES[step.state]}>{text.states[step.state]}</Badge>
      </div>
      {children}
    </Card>
  );
}

/** Step 1: book the interview, then follow it (join, move, cancel), then its outcome. */
export function InterviewStepBody({ onboarding, now }: { onboarding: TutorOnboarding; now: Date }) {
  const timeZone = useUserTimeZone();
  const { standing, retakeAt, signed, latest } = onboarding.interview;
  const card = (interview: Interview) => (
    <InterviewCard interview={interview} viewer="tutor" now={now} headingLevel="h3" />
  );

  if (standing === 'may-book') {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">{text.interview.intro}</p>
        {latest?.status === InterviewStatus.Canceled ? (
          <Alert tone="info">{text.interview.previousCanceled}</Alert>
        ) : null}
        <InterviewSlotPicker mode="book" />
      </div>
    );
  }
  if (standing === 'wait') {
    return (
      <div className="flex flex-col gap-4">
        <Alert
          tone="warning"
          title={
            latest?.status === InterviewStatus.Canceled ? text.interview.canceled : text.interview.rejected
          }
        >
          {retakeAt ? text.interview.retake(formatDate(retakeAt, { dateStyle: 'long', timeZone })) : null}
        </Alert>
        {latest ? card(latest) : null}
      </div>
    );
  }
  if (standing === 'passed') {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success">{signed ? text.interview.signed : text.interview.passed}</Alert>
        {latest ? card(latest) : null}
      </div>
    );
  }
  // Pending: booked and not held yet, being held, or held and awaiting the outcome.
  const view = latest ? interviewView(latest, now) : 'upcoming';
  return (
    <div className="flex flex-col gap-4">
      {view === 'upcoming' ? (
        <Alert tone="info" title={text.interview.pending}>
          {text.interview.pendingText}
        </Alert>
      ) : (
        <Alert tone="info">{view === 'happening' ? text.interview.happening : text.interview.awaiting}</Alert>
      )}
      {latest ? card(latest) : null}
    </div>
  );
}

function StatusRow({ done, label, state }: { done: boolean; label: string; state: string }) {
  return (
    <li className="flex items-center justify-between gap-3 py-2.5">
      <span className="flex items-center gap-2">
        {done ? (
          <CheckCircle2 aria-hidden className="size-5 text-success" />
        ) : (
          <CircleDashed aria-hidden className="size-5 text-muted-foreground" />
        )}
        {label}
      </span>
      <Badge tone={done ? 'success' : 'neutral'}>{state}</Badge>
    </li>
  );
}

/** Step 2: which photo-session media are ready, and who the studio member is (or that one is coming). */
export function StudioStepBody({ onboarding }: { onboarding: TutorOnboarding }) {
  const { studio } = onboarding;
  const names: Record<AssetKind, string> = {
    [AssetKind.Image]: text.studio.items.image,
    [AssetKind.Video]: text.studio.items.video,
    [AssetKind.Thumbnail]: text.studio.items.thumbnail,
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{text.studio.intro}</p>
      <div>
        <h3 className="text-sm font-semibold">{text.studio.media}</h3>
        <ul className="divide-y divide-border text-sm">
          {STUDIO_MEDIA.map((kind) => {
            const done = !studio.missing.includes(kind);
            return (
              <StatusRow
                key={kind}
                done={done}
                label={names[kind]}
                state={done ? text.studio.done : text.studio.missing}
              />
            );
          })}
        </ul>
      </div>
      {studio.assigned ? (
        <div className="flex items-center gap-3 rounded-xl bg-surface-muted p-3">
          <Avatar
            src={studio.assigned.image}
            name={studio.assigned.name ?? text.studio.assigned}
            size="md"
            decorative
          />
          <div className="flex flex-col">
            <span className="text-xs text-muted-foreground">{text.studio.assigned}</span>
            <span className="font-semibold">{studio.assigned.name ?? '—'}</span>
          </div>
        </div>
      ) : studio.missing.length > 0 ? (
        <Alert tone="info">{text.studio.unassigned}</Alert>
      ) : null}
      {studio.state === OnboardingStepState.Done ? (
        <p className="text-sm font-medium text-success">{text.studio.complete}</p>
      ) : null}
    </div>
  );
}

/** Where each missing profile requirement is fixed. */
function fixPathOf(requirement: string): string {
  switch (requirement) {
    case 'bio':
    case 'about':
      return '/t/settings?tab=profile';
    case 'verified-email':
    case 'verified-phone':
      return '/t/settings?tab=account';
    default:
      return '/t/complete-profile';
  }
}

/** Step 3: the profile fields still missing, each with a link to where it is filled in. */
export function ProfileStepBody({ onboarding }: { onboarding: TutorOnboarding }) {
  const { profile } = onboarding;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{text.profile.intro}</p>
      {profile.missing.length === 0 ? (
        <p className="flex items-center gap-2 text-sm font-medium text-success">
          <CheckCircle2 aria-hidden className="size-5" />
          {text.profile.complete}
        </p>
      ) : (
        <div>
          <h3 className="text-sm font-semibold">{text.profile.missing}</h3>
          <ul className="divide-y divide-border text-sm">
            {profile.missing.map((requirement) => (
              <li key={requirement} className="flex items-center justify-between gap-3 py-2">
                <span className="flex items-center gap-2">
                  <CircleDashed aria-hidden className="size-5 text-muted-foreground" />
                  {text.profile.requirements[requirement]}
                </span>
                <Link
                  to={fixPathOf(requirement)}
                  className="rounded text-sm font-semibold text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {text.profile.fix}
                  <span className="sr-only"> {text.profile.requirements[requirement]}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="flex flex-wrap items-center gap-x-3 text-sm text-muted-foreground">
        {text.profile.topics(profile.topics)}
        <Link
          to="/t/settings?tab=topics"
          className="rounded font-semibold text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {text.profile.chooseTopics}
        </Link>
      </p>
      <div className="flex flex-wrap gap-2">
        {profile.missing.length > 0 ? (
          <Button asChild size="sm">
            <Link to="/t/complete-profile">{text.profile.completeProfile}</Link>
          </Button>
        ) : null}
        <Button asChild size="sm" variant="secondary">
          <Link to="/t/settings">{text.profile.settings}</Link>
        </Button>
      </div>
    </div>
  );
}

/** Then: staff review and activate the account. */
export function ActivationStepBody({ step }: { step: OnboardingStep }) {
  return (
    <p
      className={cn('text-sm', step.state === 'done' ? 'font-medium text-success' : 'text-muted-foreground')}
    >
      {step.state === 'done'
        ? text.activation.done
        : step.state === 'current'
          ? text.activation.pending
          : text.activation.waiting}
    </p>
  );
}

/** Finally: listed, with the public profile and the schedule; until then, what listing needs. */
export function ListedBody({ onboarding }: { onboarding: TutorOnboarding }) {
  return (
    <p className={cn('text-sm', onboarding.listed ? 'font-medium text-success' : 'text-muted-foreground')}>
      {onboarding.listed ? text.listed.title : text.listed.waiting}
    </p>
  );
}

function ListedActions({ tutorId }: { tutorId: number }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild>
        <Link to={`/t/${tutorId}`}>
          <ExternalLink aria-hidden />
          {text.listed.profile}
        </Link>
      </Button>
      <Button asChild variant="secondary">
        <Link to="/schedule-management">{text.listed.schedule}</Link>
      </Button>
    </div>
  );
}

/** The banner a listed tutor sees first. */
export function ListedBanner({ tutorId }: { tutorId: number }) {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-2xl border border-success/40 bg-success-soft p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <PartyPopper aria-hidden className="mt-0.5 size-6 shrink-0 text-success" />
        <div>
          <p className="text-lg font-bold">{text.listed.title}</p>
          <p className="text-sm">{text.listed.text}</p>
        </div>
      </div>
      <ListedActions tutorId={tutorId} />
    </div>
  );
}

/** The body of each stage by its key. */
export function sectionBody(
  key: OnboardingStepKey,
  onboarding: TutorOnboarding,
  step: OnboardingStep,
  now: Date,
): ReactNode {
  switch (key) {
    case 'interview':
      return <InterviewStepBody onboarding={onboarding} now={now} />;
    case 'studio':
      return <StudioStepBody onboarding={onboarding} />;
    case 'profile':
      return <ProfileStepBody onboarding={onboarding} />;
    case 'activation':
      return <ActivationStepBody step={step} />;
    case 'listed':
      return <ListedBody onboarding={onboarding} />;
  }
}
