import { useLogin, useSession } from '@hiwar/client';
import { type ErrorCode, PasswordLoginRequestSchema } from '@hiwar/domain';
import {
  accountMessages,
  Button,
  CenteredState,
  FormField,
  PasswordInput,
  Spinner,
  useErrorToast,
} from '@hiwar/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { LayoutDashboard, LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthFooterLine, AuthLayout } from '../../features/account/components/auth-layout.tsx';
import { EmailInput } from '../../features/account/components/fields.tsx';
import { FormErrorAlert } from '../../features/account/components/form-alert.tsx';
import { GoogleSignIn } from '../../features/account/components/google-sign-in.tsx';
import { applyFieldError, errorCodeOf } from '../../features/account/lib/form-errors.ts';
import { destinationAfterSignIn } from '../../features/account/lib/redirects.ts';
import { useAppConfig } from '../../lib/app-config.tsx';

const text = accountMessages.login;
const fields = accountMessages.fields;

/** Codes about the e-mail and password together: shown above the button, not under one field. */
const FORM_LEVEL_CODES: readonly ErrorCode[] = ['wrong-password', 'too-many-requests'];

/** `/login`: e-mail and password, remember me, Google when configured, and the way to reset a password. */
export function LoginPage() {
  const { user, isAuthenticated } = useSession();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');

  if (isAuthenticated) {
    if (!user) {
      return (
        <CenteredState>
          <Spinner size="lg" className="text-brand" />
        </CenteredState>
      );
    }
    const destination = destinationAfterSignIn(user, redirect);
    return destination === null ? <BackOfficeNotice /> : <Navigate to={destination} replace />;
  }
  return <LoginForm initialEmail={params.get('email') ?? ''} redirect={redirect} />;
}

function LoginForm({ initialEmail, redirect }: { initialEmail: string; redirect: string | null }) {
  const [remember, setRemember] = useState(true);
  const [formError, setFormError] = useState<ErrorCode | null>(null);
  const login = useLogin();
  const showError = useErrorToast();
  const form = useForm({
    resolver: zodResolver(PasswordLoginRequestSchema),
    defaultValues: { email: initialEmail, password: '' },
  });
  const { errors } = form.formState;
  const registerHref = redirect
    ? `/register/student?redirect=${encodeURIComponent(redirect)}`
    : '/register/student';

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      // On success the session starts and LoginPage moves on.
      await login.mutateAsync({ ...values, persist: remember });
    } catch (error) {
      const code = errorCodeOf(error);
      if (code && FORM_LEVEL_CODES.includes(code)) {
        setFormError(code);
        form.setFocus('password');
        return;
      }
      if (!applyFieldError(error, form.setError, { 'invalid-email': 'email' })) {
        showError(error);
      }
    }
  });

  return (
    <AuthLayout
      title={text.title}
      description={text.subtitle}
      icon={<LogIn className="rtl:-scale-x-100" />}
      footer={
        <AuthFooterLine>
          {text.noAccount}
          <Link to={registerHref} className="font-semibold text-brand hover:underline">
            {text.register}
          </Link>
        </AuthFooterLine>
      }
    >
      <div className="flex flex-col gap-5">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <FormField label={fields.email} error={errors.email?.message}>
            <EmailInput autoFocus={initialEmail === ''} {...form.register('email')} />
          </FormField>
          <FormField label={fields.password} error={errors.password?.message}>
            <PasswordInput
              autoComplete="current-password"
              autoFocus={initialEmail !== ''}
              {...form.register('password')}
            />
          </FormField>
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <label className="flex cursor-pointer items-center gap-2 text-sm text-foreground">
              <input
                type="checkbox"
                checked={remember}
                onChange={(event) => setRemember(event.target.checked)}
                className="size-4 rounded accent-brand"
              />
              {text.remember}
            </label>
            <Link
              to={
                form.watch('email')
                  ? `/forget-password?email=${encodeURIComponent(form.watch('email'))}`
                  : '/forget-password'
              }
              className="text-sm font-semibold text-brand hover:underline"
            >
              {text.forgot}
            </Link>
          </div>
          <FormErrorAlert code={formError} />
          <Button type="submit" size="lg" loading={login.isPending} className="mt-1 w-full">
            {text.submit}
          </Button>
        </form>
        <GoogleSignIn intent="signin" onSignedIn={() => undefined} />
      </div>
    </AuthLayout>
  );
}

/** Signed in as back-office staff: their work is in the admin app. */
function BackOfficeNotice() {
  const { adminUrl } = useAppConfig();
  const navigate = useNavigate();
  return (
    <AuthLayout title={text.staffTitle} description={text.staffText} icon={<LayoutDashboard />}>
      <div className="flex flex-col gap-2">
        <Button asChild size="lg" className="w-full">
          <a href={adminUrl}>{text.staffAction}</a>
        </Button>
        <Button variant="ghost" size="lg" className="w-full" onClick={() => void navigate('/')}>
          {text.backHome}
        </Button>
      </div>
    </AuthLayout>
  );
}
