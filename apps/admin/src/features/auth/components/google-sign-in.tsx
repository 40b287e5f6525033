import { isApiError, useGoogleIdentity, useLoginWithGoogle } from '@hiwar/client';
import { Alert, accountMessages, adminDashboardMessages, messages, Spinner, useTheme } from '@hiwar/ui';
import { useEffect, useRef } from 'react';
import { describeError } from '../../../components/describe-error.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config-context.tsx';

const text = adminDashboardMessages.google;

/** Google's button caps its width at 400 px. */
const MAX_BUTTON_WIDTH = 400;

/** Why a Google sign-in was refused, in Arabic: a non-staff account gets the back office's own words. */
function refusal(error: unknown): string {
  return isApiError(error) && error.code === 'forbidden' ? text.staffOnly : describeError(error);
}

export interface GoogleSignInProps {
  /** Remember the session on this device (the login form's checkbox). */
  persist: boolean;
}

/**
 * "Continue with Google" under the login form, shown only when the runtime config carries a
 * `googleClientId` (only then is Google's script loaded). The ID token goes to
 * `POST /api/v1/auth/google` with `staffOnly`: the server signs in existing staff only, and refuses
 * anyone else (`forbidden`) without creating or linking an account or issuing a token, so a refused
 * account is never signed in here. The refusal shows above the button, like the password form's.
 */
export function GoogleSignIn({ persist }: GoogleSignInProps) {
  const { googleClientId } = useRuntimeConfig();
  const identity = useGoogleIdentity(googleClientId);
  const { theme } = useTheme();
  const login = useLoginWithGoogle();
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef({ login, persist });
  latest.current = { login, persist };

  useEffect(() => {
    const element = container.current;
    if (identity.status !== 'ready' || !googleClientId || !element) {
      return;
    }
    identity.google.accounts.id.initialize({
      client_id: googleClientId,
      ux_mode: 'popup',
      context: 'signin',
      callback: ({ credential }) => {
        if (!credential) {
          return;
        }
        const { login: mutation, persist: remember } = latest.current;
        mutation.mutate({ credential, staffOnly: true, persist: remember });
      },
    });
    element.replaceChildren();
    identity.google.accounts.id.renderButton(element, {
      type: 'standard',
      theme: theme === 'dark' ? 'filled_black' : 'outline',
      size: 'large',
      shape: 'rectangular',
      text: 'continue_with',
      logo_alignment: 'center',
      locale: 'ar',
      width: Math.min(MAX_BUTTON_WIDTH, Math.max(200, Math.floor(element.clientWidth))),
    });
  }, [identity, googleClientId, theme]);

  if (identity.status === 'disabled' || identity.status === 'failed') {
    return null;
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3 text-xs font-medium text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        {accountMessages.login.or}
        <span className="h-px flex-1 bg-border" />
      </div>
      {login.isError ? <Alert tone="danger">{refusal(login.error)}</Alert> : null}
      <div className="relative flex min-h-11 items-center justify-center">
        <div ref={container} className="flex w-full justify-center" />
        {identity.status === 'loading' || login.isPending ? (
          <Spinner
            className="absolute inset-0 m-auto text-brand"
            label={login.isPending ? text.signingIn : messages.common.loading}
          />
        ) : null}
      </div>
    </div>
  );
}
