import { useSendVerifyEmail, useSession, useVerifyEmail } from '@hiwar/client';
import { BOUNDS, type ErrorCode, VerifyEmailRequestSchema } from '@hiwar/domain';
import {
  Alert,
  accountMessages,
  Button,
  CenteredState,
  CodeInput,
  errorMessage,
  FormField,
  Spinner,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, CircleX, MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../features/account/components/auth-layout.tsx';
import { ResendCode } from '../../features/account/components/resend-code.tsx';
import { resendInstant } from '../../features/account/hooks/use-countdown.ts';
import { readVerifyEmailState } from '../../features/account/lib/code-flow-state.ts';
import { applyFieldError, errorCodeOf } from '../../features/account/lib/form-errors.ts';
import { loginPathFrom } from '../../features/account/lib/login-path.ts';
import {
  homePathFor,
  pathAfterVerification,
  safeRedirect,
  withRedirect,
} from '../../features/account/lib/redirects.ts';
import { useAppConfig } from '../../lib/app-config.tsx';

const text = accountMessages.verifyEmail;

/**
 * `/verify-email`: with `?token=` it is the landing page of the e-mailed link (works signed out);
 * otherwise the signed-in user types the 4-digit code, with a resend cooldown. A `?redirect=` (where
 * sign-up was headed: an invitation's plan) is kept through to the next step.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const redirect = safeRedirect(params.get('redirect'));
  return token ? <VerifyLink token={token} redirect={redirect} /> : <VerifyCode redirect={redirect} />;
}

type LinkOutcome = 'verified' | 'already-verified' | 'failed';

function VerifyLink({ token, redirect }: { token: string; redirect: string | null }) {
  const { user } = useSession();
  const verify = useVerifyEmail();
  const [outcome, setOutcome] = useState<LinkOutcome | null>(null);
  const [failure, setFailure] = useState<ErrorCode | null>(null);
  // One request per token, also under StrictMode's double effects (a second call would say "already verified").
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === token) {
      return;
    }
    sentFor.current = token;
    verify.mutate(
      { token },
      {
        onSuccess: () => setOutcome('verified'),
        onError: (error) => {
          const code = errorCodeOf(error);
          if (code === 'email-already-verified') {
            setOutcome('already-verified');
            return;
          }
          setFailure(code);
          setOutcome('failed');
        },
      },
    );
  }, [token, verify]);

  if (outcome === null) {
    return (
      <AuthLayout title={text.title} icon={<MailCheck />}>
        <CenteredState className="min-h-32 flex-col gap-3">
          <Spinner size="lg" className="text-brand" label={text.linkChecking} />
          <p className="text-sm text-muted-foreground" aria-hidden="true">
            {text.linkChecking}
          </p>
        </CenteredState>
      </AuthLayout>
    );
  }

  const next = user ? pathAfterVerification(user, redirect) : redirect ? loginPathFrom(redirect) : '/login';
  if (outcome === 'failed') {
    const networkOrServer =
      failure !== 'invalid-verification-code' && failure !== 'expired-verification-code';
    return (
      <AuthLayout
        title={text.linkFailedTitle}
        description={networkOrServer ? errorMessage(failure ?? 'unexpected') : text.linkFailedText}
        icon={<CircleX />}
      >
        <Button asChild size="lg" className="w-full">
          <Link
            to={
              user
                ? withRedirect('/verify-email', redirect)
                : loginPathFrom(withRedirect('/verify-email', redirect))
            }
            replace
          >
            {user ? text.requestNew : text.login}
          </Link>
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={outcome === 'verified' ? text.linkSuccessTitle : text.alreadyVerifiedTitle}
      description={outcome === 'verified' ? text.linkSuccessText : text.alreadyVerifiedText}
      icon={<CircleCheck />}
    >
      <Button asChild size="lg" className="w-full">
        <Link to={next} replace>
          {user ? text.continue : text.login}
        </Link>
      </Button>
    </AuthLayout>
  );
}

function VerifyCode({ redirect }: { redirect: string | null }) {
  const { user, isAuthenticated } = useSession();
  const location = useLocation();
  if (!isAuthenticated) {
    return <Navigate to={loginPathFrom(withRedirect('/verify-email', redirect))} replace />;
  }
  if (!user) {
    return (
      <CenteredState>
        <Spinner size="lg" className="text-brand" />
      </CenteredState>
    );
  }
  if (user.verifiedEmail) {
    return (
      <AuthLayout
        title={text.alreadyVerifiedTitle}
        description={text.alreadyVerifiedText}
        icon={<CircleCheck />}
      >
        <Button asChild size="lg" className="w-full">
          <Link to={pathAfterVerification(user, redirect)}>{text.continue}</Link>
        </Button>
      </AuthLayout>
    );
  }
  return (
    <VerifyCodeForm
      email={user.email}
      redirect={redirect}
      fromSignUp={readVerifyEmailState(location.state)}
    />
  );
}

function VerifyCodeForm({
  email,
  redirect,
  fromSignUp,
}: {
  email: string;
  redirect: string | null;
  fromSignUp: ReturnType<typeof readVerifyEmailState>;
}) {
  const { webUrl } = useAppConfig();
  const { user } = useSession();
  const navigate = useNavigate();
  const { toast } = useToast();
  const showError = useErrorToast();
  const verify = useVerifyEmail();
  const send = useSendVerifyEmail();
  const [resendAt, setResendAt] = useState<number | null>(() =>
    fromSignUp?.resendAt ? resendInstant(fromSignUp.resendAt) : null,
  );
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(() =>
    fromSignUp?.sendFailed ? { tone: 'danger', text: errorMessage(fromSignUp.sendFailed) } : null,
  );
  const form = useForm({ resolver: zodResolver(VerifyEmailRequestSchema), defaultValues: { code: '' } });
  const codeSent = resendAt !== null;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      const answer = await verify.mutateAsync({ code: code ?? '' });
      toast({ id: 'email-verified', type: 'success', title: text.verified });
      void navigate(pathAfterVerification(answer.user, redirect), { replace: true });
    } catch (error) {
      const codeOfError = errorCodeOf(error);
      if (codeOfError === 'email-already-verified') {
        void navigate(withRedirect('/verify-email', redirect), { replace: true });
        return;
      }
      if (!applyFieldError(error, form.setError, CODE_ERRORS)) {
        showError(error);
      }
    }
  });

  const resend = () => {
    setNotice(null);
    send.mutate(
      { callbackUrl: `${webUrl}${withRedirect('/verify-email', redirect)}` },
      {
        onSuccess: (answer) => {
          setResendAt(resendInstant(answer.resendAt));
          setNotice({ tone: 'success', text: text.sent });
          form.resetField('code');
        },
        onError: (error) => {
          const code = errorCodeOf(error);
          if (code === 'too-many-requests') {
            setResendAt(resendInstant(undefined));
          }
          setNotice({ tone: 'danger', text: errorMessage(code ?? 'unexpected') });
        },
      },
    );
  };

  return (
    <AuthLayout
      title={text.title}
      description={
        <>
          <span className="block">{codeSent ? text.subtitle(email) : text.subtitleNotSent(email)}</span>
          <span className="mt-1 block">{text.why}</span>
        </>
      }
      icon={<MailCheck />}
      footer={
        <Link
          to={redirect ?? homePathFor(user)}
          className="font-semibold text-muted-foreground hover:text-foreground"
        >
          {text.later}
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col items-center gap-5">
        <Controller
          control={form.control}
          name="code"
          render={({ field, fieldState }) => (
            <FormField label={text.codeLabel} error={fieldState.error?.message} className="items-center">
              <CodeInput
                ref={field.ref}
                name={field.name}
                length={BOUNDS.verificationCode.emailDigits}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                onComplete={() => void onSubmit()}
                autoFocus
              />
            </FormField>
          )}
        />
        {notice ? (
          <Alert tone={notice.tone} className="w-full">
            {notice.text}
          </Alert>
        ) : null}
        <Button type="submit" size="lg" loading={verify.isPending} className="w-full">
          {text.submit}
        </Button>
        <div className="flex flex-col items-center gap-1 text-center">
          <ResendCode resendAt={resendAt} onResend={resend} pending={send.isPending} />
          {codeSent ? <p className="text-xs text-muted-foreground">{text.checkSpam}</p> : null}
        </div>
      </form>
    </AuthLayout>
  );
}

const CODE_ERRORS = {
  'invalid-verification-code': 'code',
  'expired-verification-code': 'code',
  'too-many-requests': 'code',
} as const;
