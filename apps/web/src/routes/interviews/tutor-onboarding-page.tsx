import { useSession, useTutorOnboarding } from '@hiwar/client';
import { Role, type TutorOnboarding } from '@hiwar/domain';
import {
  Button,
  EmptyState,
  interviewsMessages,
  messages,
  PageContainer,
  PageHeader,
  Skeleton,
} from '@hiwar/ui';
import { CloudOff, UserCog } from 'lucide-react';
import { Link } from 'react-router';
import {
  ListedBanner,
  OnboardingSection,
  sectionBody,
} from '../../features/interviews/components/onboarding-sections.tsx';
import {
  OnboardingStepper,
  onboardingSteps,
} from '../../features/interviews/components/onboarding-stepper.tsx';
import { useInterviewToasts } from '../../features/interviews/hooks/use-interview-toasts.ts';
import { useNow } from '../../features/payments/hooks/use-now.ts';

const text = interviewsMessages.onboarding;

/**
 * `/tutor/onboarding`: a new tutor's way to being listed (spec §2 "tutor onboarding"), always showing
 * where they stand: the stepper (done / current / waiting), then each stage — 1 book the interview
 * (and follow it), 2 the studio's photo session, 3 the profile — then activation by staff and "you are
 * listed" with the public profile. Live: interview events refetch it.
 */
export function TutorOnboardingPage() {
  const { user } = useSession();
  useInterviewToasts();
  if (!user) {
    return null;
  }
  if (user.role !== Role.Tutor) {
    return (
      <PageContainer className="py-12">
        <EmptyState
          icon={<UserCog />}
          title={text.staffOnly.title}
          description={text.staffOnly.text}
          headingLevel="h1"
          action={
            <Button asChild>
              <Link to="/interviews">{text.staffOnly.action}</Link>
            </Button>
          }
        />
      </PageContainer>
    );
  }
  return <Onboarding tutorId={user.id} />;
}

function Onboarding({ tutorId }: { tutorId: number }) {
  const onboarding = useTutorOnboarding(tutorId);
  const now = new Date(useNow(30_000));

  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-4xl flex-col gap-6">
        <PageHeader title={text.title} description={text.subtitle} className="pb-0" />
        {onboarding.isPending ? (
          <div className="flex flex-col gap-4" aria-busy="true">
            <Skeleton className="h-16 w-full rounded-2xl" />
            <Skeleton className="h-64 w-full rounded-2xl" />
            <Skeleton className="h-40 w-full rounded-2xl" />
          </div>
        ) : onboarding.isError ? (
          <EmptyState
            icon={<CloudOff />}
            title={text.loadFailed}
            description={messages.common.networkError}
            action={<Button onClick={() => void onboarding.refetch()}>{messages.common.retry}</Button>}
          />
        ) : (
          <OnboardingFlow onboarding={onboarding.data} now={now} />
        )}
      </div>
    </PageContainer>
  );
}

function OnboardingFlow({ onboarding, now }: { onboarding: TutorOnboarding; now: Date }) {
  const steps = onboardingSteps(onboarding);
  return (
    <>
      {onboarding.listed ? <ListedBanner tutorId={onboarding.tutorId} /> : null}
      <OnboardingStepper steps={steps} />
      {steps.map((step, index) => (
        <OnboardingSection key={step.key} step={step} index={index}>
          {sectionBody(step.key, onboarding, step, now)}
        </OnboardingSection>
      ))}
    </>
  );
}
