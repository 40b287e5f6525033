import { useLogin } from '@hiwar/client';
import { Alert, adminMessages, Button, FormField, Input, PasswordInput } from '@hiwar/ui';
import { LogIn } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { describeError } from '../../../components/error-state.tsx';
import { lazyResolver } from '../../../lib/form-resolver.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config-context.tsx';

const text = adminMessages.login;

/** Only with a configured Google client: its own chunk, with its wording. */
const GoogleSignIn = lazy(async () => ({ default: (await import('./google-sign-in.tsx')).GoogleSignIn }));

/** zod and the request schema stay off the sign-in screen's first download (issue 16). */
const resolver = lazyResolver(async () => (await import('./login-validation.ts')).loginResolver);

/**
 * E-mail and password (and Google for staff, when configured). On success the session starts
 * (remembered on this device only when asked) and the login page moves on by itself; a refused sign-in
 * shows the server's reason in Arabic above the button and keeps what was typed.
 */
export function LoginForm() {
  const config = useRuntimeConfig();
  const [remember, setRemember] = useState(true);
  const rememberId = useId();

  useEffect(() => resolver.preload(), []);
  const form = useForm({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const signIn = useLogin();

  return (
    <form
      noValidate
      aria-label={text.form}
      onSubmit={form.handleSubmit((body) =>
        signIn.mutate({ ...body, persist: remember }, { onError: () => form.setFocus('password') }),
      )}
      className="flex flex-col gap-4"
    >
      <FormField label={text.email} error={errors.email?.message}>
        <Input
          type="email"
          dir="ltr"
          className="text-end"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          autoFocus
          {...form.register('email')}
        />
      </FormField>
      <FormField label={text.password} error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </FormField>

      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <label htmlFor={rememberId} className="flex cursor-pointer items-center gap-2 text-sm">
          <input
            id={rememberId}
            type="checkbox"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
            className="size-4 cursor-pointer rounded accent-brand"
            aria-describedby={`${rememberId}-hint`}
          />
          {text.remember}
          <span id={`${rememberId}-hint`} className="sr-only">
            {text.rememberHint}
          </span>
        </label>
        <a
          href={`${config.webUrl}/forget-password`}
          className="text-sm font-semibold text-brand underline-offset-4 hover:underline"
        >
          {text.forgotPassword}
        </a>
      </div>

      {signIn.isError ? <Alert tone="danger">{describeError(signIn.error)}</Alert> : null}

      <Button type="submit" size="lg" loading={signIn.isPending} className="mt-1 w-full">
        {signIn.isPending ? null : <LogIn aria-hidden="true" className="rtl:-scale-x-100" />}
        {text.submit}
      </Button>

      {/* Staff accounts only (hidden without a configured Google client id). */}
      {config.googleClientId ? (
        <Suspense fallback={null}>
          <GoogleSignIn persist={remember} />
        </Suspense>
      ) : null}
    </form>
  );
}
