import { Button, messages } from '@hiwar/ui';
import { AlertTriangle, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { describeError } from './describe-error.ts';

export interface ErrorStateProps {
  title: ReactNode;
  error: unknown;
  onRetry?: () => void;
  isRetrying?: boolean;
  /** `h1` when the failure is the whole screen (nothing above it names the page). */
  headingLevel?: 'h1' | 'h2';
}

/** A failed load in place of the content, with the reason in Arabic and a retry button. */
export function ErrorStateView({
  title,
  error,
  onRetry,
  isRetrying = false,
  headingLevel: Heading = 'h2',
}: ErrorStateProps) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center px-4 py-12 text-center">
      <div
        aria-hidden="true"
        className="mb-5 inline-flex size-14 items-center justify-center rounded-2xl bg-danger-soft text-danger [&_svg]:size-7"
      >
        <AlertTriangle />
      </div>
      <Heading className="text-lg font-bold text-foreground">{title}</Heading>
      <p className="mt-2 text-muted-foreground">{describeError(error)}</p>
      {onRetry ? (
        <Button variant="secondary" className="mt-6" onClick={onRetry} loading={isRetrying}>
          {isRetrying ? null : <RotateCw aria-hidden="true" />}
          {messages.common.retry}
        </Button>
      ) : null}
    </div>
  );
}
