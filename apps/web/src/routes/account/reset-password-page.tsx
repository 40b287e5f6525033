import { useForgetPassword, useResetPassword } from '@hiwar/client';
import { BOUNDS, PasswordConfirmationSchema, ResetPasswordRequestSchema } from '@hiwar/domain';
import {
  Alert,
  accountMessages,
  Button,
  CodeInput,
  errorMessage,
  FormField,
  PasswordInput,
  useErrorToast,
} from '@hiwar/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'react-router';
import { AuthLayout } from '../../features/account/components/auth-layout.tsx';
import { EmailInput } from '../../features/account/components/fields.tsx';
import { ResendCode } from '../../features/account/components/resend-code.tsx';
import { resendInstant } from '../../features/account/hooks/use-countdown.ts';
import { readResetPasswordState } from '../../features/account/lib/code-flow-state.ts';
import { applyFieldError, errorCodeOf } from '../../features/account/lib/form-errors.ts';

const text = accountMessages.resetPassword;
const fields = accountMessages.fields;

/** The e-mail, the 5-digit code, and the new password twice. */
const ResetPasswordFormSchema = PasswordConfirmationSchema.safeExtend(
  ResetPasswordRequestSchema.pick({ email: true, code: true }).shape,
);

/** `/reset-password?email=`: code and new password; on success, back to login with the e-mail filled in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const knownEmail = params.get('email') ?? '';
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(() => {
    const state = readResetPasswordState(location.state);
    return state ? resendInstant(state.resendAt) : null;
  });
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const reset = useResetPassword();
  const forget = useForgetPassword();
  const showError = useErrorToast();
  const form = useForm({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { email: knownEmail, code: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  if (doneFor !== null) {
    return (
      <AuthLayout title={text.successTitle} description={text.successText} icon={<CircleCheck />}>
        <Button asChild size="lg" className="w-full">
          <Link to={`/login?email=${encodeURIComponent(doneFor)}`} replace>
            {text.login}
          </Link>
        </Button>
      </AuthLayout>
    );
  }

  const onSubmit = form.handleSubmit(async ({ email, code, password }) => {
    setNotice(null);
    try {
      await reset.mutateAsync({ email, code, password });
      setDoneFor(email);
    } catch (error) {
      if (!applyFieldError(error, form.setError, FIELD_ERRORS)) {
        showError(error);
      }
    }
  });

  const resend = async () => {
    setNotice(null);
    const valid = await form.trigger('email');
    if (!valid) {
      return;
    }
    forget.mutate(
      { email: form.getValues('email') },
      {
        onSuccess: (answer) => {
          setResendAt(resendInstant(answer.resendAt));
          setNotice({ tone: 'success', text: accountMessages.verifyEmail.sent });
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
      description={knownEmail ? text.subtitle(knownEmail) : text.subtitleNoEmail}
      icon={<KeyRound />}
      footer={
        <Link to="/login" className="font-semibold text-brand hover:underline">
          {accountMessages.forgetPassword.backToLogin}
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {knownEmail ? (
          <input type="hidden" autoComplete="username" {...form.register('email')} />
        ) : (
          <FormField label={fields.email} error={errors.email?.message}>
            <EmailInput autoComplete="username" {...form.register('email')} />
          </FormField>
        )}
        <Controller
          control={form.control}
          name="code"
          render={({ field, fieldState }) => (
            <FormField
              label={text.codeLabel}
              error={fieldState.error?.message ?? (knownEmail ? errors.email?.message : undefined)}
            >
              <CodeInput
                ref={field.ref}
                name={field.name}
                length={BOUNDS.verificationCode.resetDigits}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                autoFocus={knownEmail !== ''}
                className="self-center sm:self-start"
              />
            </FormField>
          )}
        />
        <div className="-mt-1 flex flex-wrap items-center justify-between gap-2">
          <ResendCode
            resendAt={resendAt}
            onResend={() => void resend()}
            pending={forget.isPending}
            sendLabel={accountMessages.verifyEmail.resend}
          />
          {knownEmail ? (
            <Link
              to={`/forget-password?email=${encodeURIComponent(knownEmail)}`}
              className="text-sm text-muted-foreground hover:text-foreground"
            >
              {text.changeEmail}
            </Link>
          ) : null}
        </div>
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
        <FormField label={fields.newPassword} hint={fields.passwordHint} error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField label={fields.confirmPassword} error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <Button type="submit" size="lg" loading={reset.isPending} className="mt-1 w-full">
          {text.submit}
        </Button>
      </form>
    </AuthLayout>
  );
}

const FIELD_ERRORS = {
  'invalid-verification-code': 'code',
  'expired-verification-code': 'code',
  'too-many-requests': 'code',
  'invalid-email': 'email',
  'short-password': 'password',
  'long-password': 'password',
  'invalid-password': 'password',
} as const;
