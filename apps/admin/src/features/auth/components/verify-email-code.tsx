import { type CurrentUser, isApiError, useSendVerifyEmail, useVerifyEmail } from '@hiwar/client';
import { BOUNDS, VerifyEmailRequestSchema } from '@hiwar/domain';
import { Alert, adminUsersMessages, Button, CodeInput, FormField, useErrorToast, useToast } from '@hiwar/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck, Send } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { describeError } from '../../../components/describe-error.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config-context.tsx';
import { useCountdown } from '../hooks/use-countdown.ts';

const text = adminUsersMessages.verifyEmail;
/** One code per minute (rules.md); the countdown mirrors the server's limit. */
export const RESEND_SECONDS = 60;

/**
 * The signed-in staff member verifies their e-mail: send a 4-digit code (the same e-mail carries a link
 * back to this page), type it, done. Resending waits out the 60-second limit with a visible countdown.
 */
export function VerifyEmailCode({ user }: { user: CurrentUser }) {
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const { toast } = useToast();
  const showError = useErrorToast();
  const [resendAt, setResendAt] = useState<number | null>(null);
  const secondsLeft = useCountdown(resendAt);

  const send = useSendVerifyEmail();
  const sendCode = () =>
    send.mutate(
      { callbackUrl: `${config.adminUrl}/verify-email` },
      {
        onSuccess: () => setResendAt(Date.now() + RESEND_SECONDS * 1000),
        onError: (error) => {
          if (isApiError(error) && error.code === 'too-many-requests') {
            setResendAt(Date.now() + RESEND_SECONDS * 1000);
          }
          showError(error);
        },
      },
    );

  const form = useForm({ resolver: zodResolver(VerifyEmailRequestSchema), defaultValues: { code: '' } });
  // On success the session's user turns verified (the hook updates it), so the shell lets them in.
  const verify = useVerifyEmail();
  const submit = form.handleSubmit((body) =>
    verify.mutate(
      { code: body.code ?? '' },
      {
        onSuccess: () => {
          toast({ id: 'verify-email', type: 'success', title: text.verifiedToast });
          void navigate('/', { replace: true });
        },
        onError: () => form.setFocus('code'),
      },
    ),
  );

  const hasSent = send.isSuccess || resendAt !== null;

  return (
    <div className="flex flex-col gap-5">
      <div className="rounded-xl border border-border bg-surface-muted p-4 text-sm">
        <p className="text-muted-foreground">{text.sendTo}</p>
        <p className="mt-1 truncate text-end font-semibold text-foreground" dir="ltr">
          {user.email}
        </p>
      </div>

      {hasSent ? (
        <>
          <p role="status" className="flex items-start gap-2 text-sm text-success">
            <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {text.sent}
          </p>
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <Controller
              control={form.control}
              name="code"
              render={({ field, fieldState }) => (
                <FormField label={text.codeLabel} hint={text.codeHint} error={fieldState.error?.message}>
                  <CodeInput
                    ref={field.ref}
                    name={field.name}
                    length={BOUNDS.verificationCode.emailDigits}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    onComplete={() => void submit()}
                    autoFocus
                    className="mx-auto"
                  />
                </FormField>
              )}
            />
            {verify.isError ? <Alert tone="danger">{describeError(verify.error)}</Alert> : null}
            <Button type="submit" size="lg" loading={verify.isPending} className="w-full">
              {text.verify}
            </Button>
          </form>
          <div className="flex justify-center">
            <Button
              variant="link"
              disabled={secondsLeft > 0 || send.isPending}
              onClick={sendCode}
              aria-live="polite"
            >
              {secondsLeft > 0 ? text.resendIn(secondsLeft) : text.resend}
            </Button>
          </div>
        </>
      ) : (
        <Button size="lg" className="w-full" loading={send.isPending} onClick={sendCode}>
          {send.isPending ? null : <Send aria-hidden="true" className="rtl:-scale-x-100" />}
          {text.send}
        </Button>
      )}
    </div>
  );
}
