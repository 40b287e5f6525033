import { isApiError } from '@hiwar/client';
import { Alert, Button, bookingWizardMessages, errorMessage, genericErrorMessage, messages } from '@hiwar/ui';
import { Link } from 'react-router';

const text = bookingWizardMessages;

/** Where the student can fix a booking failure, by its code. */
const FIX_LINKS: Readonly<Record<string, { to: string; label: string }>> = {
  'empty-weekly-minutes': { to: '/subscription', label: text.buyMinutes },
  'email-not-verified': { to: '/verify-email', label: text.verifyEmail },
  'reached-booking-limit': { to: '/upcoming-lessons', label: text.myLessons },
};

/** A failed booking in Arabic, with a link to the fix when there is one (plans, e-mail verification). */
export function BookingError({ error }: { error: unknown }) {
  const code = isApiError(error) ? error.code : null;
  const fix = code ? FIX_LINKS[code] : undefined;
  const title =
    code !== null
      ? errorMessage(code)
      : error instanceof TypeError
        ? messages.common.networkError
        : genericErrorMessage;
  return (
    <Alert
      tone="danger"
      role="alert"
      title={title}
      action={
        fix ? (
          <Button asChild size="sm" variant="secondary">
            <Link to={fix.to}>{fix.label}</Link>
          </Button>
        ) : undefined
      }
    />
  );
}
