import type { ErrorCode } from '@hiwar/domain';
import {
  Alert,
  adminMessages,
  Button,
  FieldFrame,
  Input,
  messages,
  PasswordInput,
  useHydrated,
} from '@hiwar/ui';
import { LogIn } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useRuntimeConfig } from '../../../lib/runtime-config-context.tsx';
import { type PasswordSignInState, usePasswordSignIn } from '../hooks/use-password-sign-in.ts';
import { checkSignIn, type SignInFields, type SignInProblems } from '../lib/sign-in-checks.ts';

const text = adminMessages.login;

/** Only with a configured Google client: its own chunk, with its wording. */
const GoogleSignIn = lazy(async () => ({ default: (await import('./google-sign-in.tsx')).GoogleSignIn }));

type Wording = typeof import('../lib/sign-in-wording.ts');

let wordingLoad: Promise<Wording> | null = null;

/** Loads the error catalogue's wording once (sign-in-wording.ts); a failed load is tried again next time. */
function loadWording(): Promise<Wording> {
  wordingLoad ??= import('../lib/sign-in-wording.ts').catch((error: unknown) => {
    wordingLoad = null;
    throw error;
  });
  return wordingLoad;
}

/** What the alert above the button says: the server's refusal, or that the server cannot be reached. */
function refusalText(
  wording: Wording | 'unavailable' | null,
  signIn: PasswordSignInState,
  hasProblems: boolean,
): string | null {
  if (wording === 'unavailable') {
    return signIn.status === 'refused' || hasProblems ? messages.common.networkError : null;
  }
  return signIn.status === 'refused' && wording ? wording.describeError(signIn.error) : null;
}

/**
 * E-mail and password (and Google for staff, when configured). The fields are checked by hand
 * (`checkSignIn`), without a form library or zod, and the error catalogue loads once someone types, so
 * the back office's first screen stays light (issue 16). A problem shows under its field and the first
 * such field takes the focus; once a submit was refused, the messages follow what is typed. On success
 * the session starts (remembered on this device only when asked) and the login page moves on by itself;
 * a refused sign-in shows the server's reason in Arabic above the button, keeps what was typed and puts
 * the focus on the password.
 */
export function LoginForm() {
  const config = useRuntimeConfig();
  const [remember, setRemember] = useState(true);
  const rememberId = useId();
  const [fields, setFields] = useState<SignInFields>({ email: '', password: '' });
  const [problems, setProblems] = useState<SignInProblems>({});
  const [wasSubmitted, setWasSubmitted] = useState(false);
  // `unavailable`: the catalogue could not be fetched, so the server cannot be reached either.
  const [wording, setWording] = useState<Wording | 'unavailable' | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  // The server sends this form as HTML (issue 26): until the app has taken it over, its fields are
  // disabled, so nothing typed is lost and no press submits it natively (its fields in the address).
  // Once usable, the e-mail field takes the focus that `autoFocus` gives a form rendered here.
  const usable = useHydrated();
  useEffect(() => {
    if (usable && (document.activeElement === null || document.activeElement === document.body)) {
      emailInput.current?.focus();
    }
  }, [usable]);

  const { state: signIn, signIn: sendSignIn } = usePasswordSignIn();

  async function requestWording(): Promise<void> {
    try {
      setWording(await loadWording());
    } catch (error) {
      console.debug('[sign-in] the error messages failed to load', error);
      setWording('unavailable');
    }
  }

  function change(field: keyof SignInFields, value: string) {
    const next = { ...fields, [field]: value };
    setFields(next);
    if (wording === null) {
      void requestWording();
    }
    if (wasSubmitted) {
      setProblems(checkSignIn(next).problems);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { request, problems: found } = checkSignIn(fields);
    if (found.email || found.password) {
      // Focus once the message is there, so a screen reader reads it with the field.
      await requestWording();
      setWasSubmitted(true);
      setProblems(found);
      (found.email ? emailInput : passwordInput).current?.focus();
      return;
    }
    void requestWording();
    setWasSubmitted(true);
    setProblems({});
    if (!(await sendSignIn({ ...request, persist: remember }))) {
      passwordInput.current?.focus();
    }
  }

  const catalogue = wording === 'unavailable' ? null : wording;
  const wordProblem = (code: ErrorCode | undefined) =>
    code && catalogue ? catalogue.errorMessage(code) : undefined;
  const refusal = refusalText(wording, signIn, Boolean(problems.email || problems.password));

  return (
    <form
      noValidate
      aria-label={text.form}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4"
    >
      <fieldset disabled={!usable} className="m-0 flex min-w-0 flex-col gap-4 border-0 p-0">
        <FieldFrame label={text.email} errorText={wordProblem(problems.email)}>
          <Input
            type="email"
            dir="ltr"
            className="text-end"
            autoComplete="username"
            inputMode="email"
            spellCheck={false}
            autoFocus
            ref={emailInput}
            name="email"
            value={fields.email}
            onChange={(event) => change('email', event.target.value)}
          />
        </FieldFrame>
        <FieldFrame label={text.password} errorText={wordProblem(problems.password)}>
          <PasswordInput
            autoComplete="current-password"
            ref={passwordInput}
            name="password"
            value={fields.password}
            onChange={(event) => change('password', event.target.value)}
          />
        </FieldFrame>

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

        {refusal ? <Alert tone="danger">{refusal}</Alert> : null}

        <Button type="submit" size="lg" loading={signIn.status === 'pending'} className="mt-1 w-full">
          {signIn.status === 'pending' ? null : <LogIn aria-hidden="true" className="rtl:-scale-x-100" />}
          {text.submit}
        </Button>
      </fieldset>

      {/* Staff accounts only (hidden without a configured Google client id). */}
      {config.googleClientId ? (
        <Suspense fallback={null}>
          <GoogleSignIn persist={remember} />
        </Suspense>
      ) : null}
    </form>
  );
}
