import { isApiError, useSession, useVerifyEmail } from '@hiwar/client';
import { adminUsersMessages, Button, CenteredState, Spinner } from '@hiwar/ui';
import { CheckCircle2, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { describeError } from '../../../components/describe-error.ts';

const text = adminUsersMessages.verifyEmail;

/**
 * Landing of the e-mailed link (`/verify-email?token=…`): verifies once on arrival, signed in or not.
 * An address already verified counts as success. A failed link offers a new code (signed in) or login.
 */
export function VerifyEmailLink({ token }: { token: string }) {
  const { isAuthenticated } = useSession();
  // Updates the session's user too when the link is for the signed-in account.
  const verify = useVerifyEmail();
  // The link is single use: React's development double effect must not spend it twice.
  const started = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    if (!started.current) {
      started.current = true;
      mutate({ token });
    }
  }, [mutate, token]);

  const alreadyVerified = isApiError(verify.error) && verify.error.code === 'email-already-verified';
  const next = isAuthenticated ? (
    <Button asChild size="lg" className="w-full">
      <Link to="/" replace>
        {text.continue}
      </Link>
    </Button>
  ) : (
    <Button asChild size="lg" className="w-full">
      <Link to="/login" replace>
        {text.loginToContinue}
      </Link>
    </Button>
  );

  if (verify.isSuccess || alreadyVerified) {
    return (
      <Outcome icon={<CheckCircle2 />} tone="success" title={text.verifiedTitle} body={text.verifiedBody}>
        {next}
      </Outcome>
    );
  }
  if (verify.isError) {
    return (
      <Outcome
        icon={<XCircle />}
        tone="danger"
        title={text.linkFailedTitle}
        body={describeError(verify.error)}
      >
        {isAuthenticated ? (
          <Button asChild size="lg" className="w-full">
            <Link to="/verify-email" replace>
              {text.requestNewLink}
            </Link>
          </Button>
        ) : (
          next
        )}
      </Outcome>
    );
  }
  return (
    <CenteredState className="min-h-48">
      <Spinner size="lg" className="text-brand" label={text.checkingLink} />
    </CenteredState>
  );
}

function Outcome({
  icon,
  tone,
  title,
  body,
  children,
}: {
  icon: ReactNode;
  tone: 'success' | 'danger';
  title: string;
  body: string;
  children: ReactNode;
}) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className="flex flex-col items-center gap-3 text-center"
    >
      <div
        aria-hidden="true"
        className={
          tone === 'success'
            ? 'inline-flex size-14 items-center justify-center rounded-2xl bg-success-soft text-success [&_svg]:size-7'
            : 'inline-flex size-14 items-center justify-center rounded-2xl bg-danger-soft text-danger [&_svg]:size-7'
        }
      >
        {icon}
      </div>
      <h2 className="text-lg font-bold">{title}</h2>
      <p className="text-muted-foreground">{body}</p>
      <div className="mt-3 w-full">{children}</div>
    </div>
  );
}
