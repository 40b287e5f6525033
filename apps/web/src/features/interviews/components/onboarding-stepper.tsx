import { OnboardingStepState, type TutorOnboarding } from '@hiwar/domain';
import { cn, formatNumber, interviewsMessages } from '@hiwar/ui';
import { Check, Clock } from 'lucide-react';

const text = interviewsMessages.onboarding;

export type OnboardingStepKey = 'interview' | 'studio' | 'profile' | 'activation' | 'listed';
export type OnboardingStep = { key: OnboardingStepKey; state: OnboardingStepState };

/**
 * The five stages a tutor goes through, with the state of each: the three steps as the server says,
 * then activation (current once the three are done) and being listed.
 */
export function onboardingSteps(onboarding: TutorOnboarding): OnboardingStep[] {
  const threeDone = [onboarding.interview, onboarding.studio, onboarding.profile].every(
    (step) => step.state === OnboardingStepState.Done,
  );
  const { Done, Current, Waiting } = OnboardingStepState;
  return [
    { key: 'interview', state: onboarding.interview.state },
    { key: 'studio', state: onboarding.studio.state },
    { key: 'profile', state: onboarding.profile.state },
    { key: 'activation', state: onboarding.activated ? Done : threeDone ? Current : Waiting },
    {
      key: 'listed',
      state: onboarding.listed ? Done : onboarding.activated && threeDone ? Current : Waiting,
    },
  ];
}

/** Where the tutor stands: an ordered list of the stages, each done, current or waiting. */
export function OnboardingStepper({ steps }: { steps: readonly OnboardingStep[] }) {
  return (
    <ol aria-label={text.stepper} className="grid gap-2 sm:grid-cols-5">
      {steps.map((step, index) => {
        const { Done, Current } = OnboardingStepState;
        return (
          <li
            key={step.key}
            aria-current={step.state === Current ? 'step' : undefined}
            className={cn(
              'flex items-center gap-2 rounded-xl border px-3 py-2.5 text-sm sm:flex-col sm:items-start sm:gap-1.5',
              step.state === Done && 'border-success/40 bg-success-soft',
              step.state === Current && 'border-brand bg-brand-soft text-brand-soft-foreground',
              step.state === OnboardingStepState.Waiting && 'border-border text-muted-foreground',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'inline-flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold [&_svg]:size-4',
                step.state === Done && 'bg-success text-background',
                step.state === Current && 'bg-brand text-brand-foreground',
                step.state === OnboardingStepState.Waiting && 'bg-surface-muted',
              )}
            >
              {step.state === Done ? <Check /> : step.state === Current ? formatNumber(index + 1) : <Clock />}
            </span>
            <span className="flex min-w-0 flex-col">
              <span className="font-semibold text-foreground">{text.steps[step.key]}</span>
              <span className="text-xs">{text.states[step.state]}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
