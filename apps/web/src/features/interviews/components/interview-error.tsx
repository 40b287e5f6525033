import { isApiError } from '@hiwar/client';
import { Alert, Button, errorMessage, genericErrorMessage, interviewsMessages, messages } from '@hiwar/ui';
import { Link } from 'react-router';

/** A failed interview call in Arabic, with the way to fix it when there is one (verify the e-mail). */
export function InterviewError({ error }: { error: unknown }) {
  const code = isApiError(error) ? error.code : null;
  const title =
    code !== null
      ? errorMessage(code)
      : error instanceof TypeError
        ? messages.common.networkError
        : genericErrorMessage;
  return (
    <Alert
      tone="danger"
      title={title}
      action={
        code === 'email-not-verified' ? (
          <Button asChild size="sm" variant="secondary">
            <Link to="/verify-email">{interviewsMessages.booking.verifyEmail}</Link>
          </Button>
        ) : undefined
      }
    />
  );
}
