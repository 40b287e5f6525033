import { isApiError, sendVerifyEmail, useApiClient, useRegister, useSession } from '@hiwar/client';
import { EmailSchema, PasswordConfirmationSchema, Role, UserNameSchema } from '@hiwar/domain';
import { accountMessages, Button, FormField, Input, PasswordInput, useErrorToast } from '@hiwar/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { GraduationCap, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { AuthFooterLine, AuthLayout } from '../../features/account/components/auth-layout.tsx';
import { EmailInput } from '../../features/account/components/fields.tsx';
import { FormErrorAlert } from '../../features/account/components/form-alert.tsx';
import { GoogleSignIn } from '../../features/account/components/google-sign-in.tsx';
import type { VerifyEmailLocationState } from '../../features/account/lib/code-flow-state.ts';
import { applyFieldError } from '../../features/account/lib/form-errors.ts';
import { emptyToUndefined } from '../../features/account/lib/form-values.ts';
import {
  forgetLeadSource,
  readLeadSource,
  rememberLeadSource,
} from '../../features/account/lib/lead-source.ts';
import {
  homePathFor,
  pathAfterVerification,
  safeRedirect,
  withRedirect,
} from '../../features/account/lib/redirects.ts';
import { useAppConfig } from '../../lib/app-config.tsx';
import { NotFoundRoute } from '../route-error.tsx';

const text = accountMessages.register;
const fields = accountMessages.fields;

/** E-mail, optional name, password and its confirmation (rules.md "Users and accounts"). */
const RegisterFormSchema = PasswordConfirmationSchema.safeExtend({
  email: EmailSchema,
  name: UserNameSchema.optional(),
});

const ROLES = { student: Role.Student, tutor: Role.Tutor } as const;
type SignUpRole = (typeof ROLES)[keyof typeof ROLES];

/**
 * `/register/student` and `/register/tutor`; any other role is a 404. A `?source=` (the landing site's
 * lead-source links) is kept until the account is made, and sent with it. A `?redirect=` (an invitation's
 * plan, a private page) is carried through e-mail verification and the profile to that page; `?email=`
 * fills the address in.
 */
export function RegisterPage() {
  const { role } = useParams();
  const { search } = useLocation();
  useEffect(() => {
    rememberLeadSource(search);
  }, [search]);
  if (role !== 'student' && role !== 'tutor') {
    return <NotFoundRoute />;
  }
  return <RegisterScreen key={role} role={ROLES[role]} />;
}

function RegisterScreen({ role }: { role: SignUpRole }) {
  const { isAuthenticated, user } = useSession();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  // Set before the request: once the new session exists this page must not bounce to the dashboard
  // while it still sends the verification code.
  const [signingUp, setSigningUp] = useState(false);
  if (isAuthenticated && user && !signingUp) {
    return <Navigate to={redirect ?? homePathFor(user)} replace />;
  }
  return (
    <RegisterForm
      role={role}
      redirect={redirect}
      initialEmail={params.get('email') ?? ''}
      onStart={() => setSigningUp(true)}
      onAbort={() => setSigningUp(false)}
    />
  );
}

function RegisterForm({
  role,
  redirect,
  initialEmail,
  onStart,
  onAbort,
}: {
  role: SignUpRole;
  /** Where to land once signed up (already checked by `safeRedirect`). */
  redirect: string | null;
  initialEmail: string;
  onStart: () => void;
  onAbort: () => void;
}) {
  const isTutor = role === Role.Tutor;
  const copy = isTutor ? text.tutor : text.student;
  const client = useApiClient();
  const config = useAppConfig();
  const register = useRegister();
  const navigate = useNavigate();
  const showError = useErrorToast();
  const [sendingCode, setSendingCode] = useState(false);
  // Too many sign-ups from here (decision 0047): said in the form, with when to try again.
  const [limited, setLimited] = useState<{ retryAfterSeconds: number | null } | null>(null);
  const form = useForm({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: { email: initialEmail, name: undefined, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, name, password }) => {
    setLimited(null);
    onStart();
    let answer: Awaited<ReturnType<typeof register.mutateAsync>>;
    try {
      const leadSource = readLeadSource();
      answer = await register.mutateAsync({
        email,
        password,
        role,
        ...(name ? { name } : {}),
        ...(leadSource ? { leadSource } : {}),
      });
      forgetLeadSource();
    } catch (error) {
      onAbort();
      if (isApiError(error) && error.code === 'too-many-requests') {
        setLimited({ retryAfterSeconds: error.retryAfterSeconds });
        return;
      }
      if (!applyFieldError(error, form.setError, FIELD_ERRORS)) {
        showError(error);
      }
      return;
    }
    // Signed in now; send the verification code straight away (a failure only means "send" stays on offer).
    setSendingCode(true);
    const state: VerifyEmailLocationState = { resendAt: null, sendFailed: null };
    try {
      const sent = await sendVerifyEmail(client, {
        callbackUrl: `${config.webUrl}${withRedirect('/verify-email', redirect)}`,
      });
      state.resendAt = sent.resendAt;
    } catch (error) {
      state.sendFailed = isApiError(error) ? error.code : 'unexpected';
    }
    void navigate(
      answer.user.verifiedEmail
        ? pathAfterVerification(answer.user, redirect)
        : withRedirect('/verify-email', redirect),
      { replace: true, state },
    );
  });

  return (
    <AuthLayout
      title={copy.title}
      description={copy.subtitle}
      icon={isTutor ? <GraduationCap /> : <UserPlus />}
      footer={
        <>
          <AuthFooterLine>
            {text.haveAccount}
            <Link to={withRedirect('/login', redirect)} className="font-semibold text-brand hover:underline">
              {text.login}
            </Link>
          </AuthFooterLine>
          <AuthFooterLine>
            {isTutor ? text.asStudent : text.asTutor}
            <Link
              to={isTutor ? '/register/student' : '/register/tutor'}
              className="font-semibold text-brand hover:underline"
            >
              {isTutor ? text.asStudentLink : text.asTutorLink}
            </Link>
          </AuthFooterLine>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <FormField label={fields.name} optional error={errors.name?.message}>
            <Input
              autoComplete="name"
              placeholder={fields.namePlaceholder}
              {...form.register('name', { setValueAs: emptyToUndefined })}
            />
          </FormField>
          <FormField label={fields.email} error={errors.email?.message}>
            <EmailInput {...form.register('email')} />
          </FormField>
          <FormField label={fields.password} hint={fields.passwordHint} error={errors.password?.message}>
            <PasswordInput autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <FormField label={fields.confirmPassword} error={errors.confirmPassword?.message}>
            <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          <p className="text-xs leading-relaxed text-muted-foreground">
            {text.termsPrefix}{' '}
            <a href={`${config.landingUrl}/terms`} className="font-semibold text-brand hover:underline">
              {text.terms}
            </a>{' '}
            {text.and}
            <a href={`${config.landingUrl}/privacy`} className="font-semibold text-brand hover:underline">
              {text.privacy}
            </a>
            .
          </p>
          <FormErrorAlert
            code={limited ? 'too-many-requests' : null}
            retryAfterSeconds={limited?.retryAfterSeconds}
          />
          <Button type="submit" size="lg" loading={register.isPending || sendingCode} className="w-full">
            {text.submit}
          </Button>
        </form>
        <GoogleSignIn
          role={role}
          intent="signup"
          onStart={onStart}
          onFailed={onAbort}
          onSignedIn={(answer) => {
            void navigate(
              answer.user.verifiedEmail
                ? pathAfterVerification(answer.user, redirect)
                : withRedirect('/verify-email', redirect),
              { replace: true },
            );
          }}
        />
      </div>
    </AuthLayout>
  );
}

const FIELD_ERRORS = {
  'user-exists': 'email',
  'invalid-email': 'email',
  'short-password': 'password',
  'long-password': 'password',
  'invalid-password': 'password',
  'user-name-short': 'name',
  'user-name-long': 'name',
  'user-name-invalid': 'name',
} as const;
