import { useGoogleIdentity, useLoginWithGoogle } from '@hiwar/client';
import type { AuthResponse, Role } from '@hiwar/domain';
import { accountMessages, Spinner, useErrorToast, useTheme } from '@hiwar/ui';
import { useEffect, useRef } from 'react';
import { useAppConfig } from '../../../lib/app-config.tsx';
import { forgetLeadSource, readLeadSource } from '../lib/lead-source.ts';

export interface GoogleSignInProps {
  /** Applies when this sign-in creates the account (the register page's role). */
  role?: typeof Role.Student | typeof Role.Tutor;
  /** Wording of Google's button: sign in on /login, sign up on /register. */
  intent?: 'signin' | 'signup';
  /** Called when Google hands over a credential, before the session starts (see the register page). */
  onStart?: () => void;
  /** Called after the session started. */
  onSignedIn: (answer: AuthResponse) => void;
  /** Called when the sign-in failed (after the error toast). */
  onFailed?: () => void;
}

/** Google's button caps its width at 400 px. */
const MAX_BUTTON_WIDTH = 400;

/**
 * "Continue with Google" with a divider above it. Rendered only when the runtime config carries a
 * `googleClientId`; only then is Google's script loaded. The ID token goes to `POST /api/v1/auth/google`.
 */
export function GoogleSignIn({ role, intent = 'signin', onStart, onSignedIn, onFailed }: GoogleSignInProps) {
  const { googleClientId } = useAppConfig();
  const identity = useGoogleIdentity(googleClientId);
  const { theme } = useTheme();
  const login = useLoginWithGoogle();
  const showError = useErrorToast();
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef({ role, onStart, onSignedIn, onFailed, login, showError });
  latest.current = { role, onStart, onSignedIn, onFailed, login, showError };

  useEffect(() => {
    const element = container.current;
    if (identity.status !== 'ready' || !googleClientId || !element) {
      return;
    }
    identity.google.accounts.id.initialize({
      client_id: googleClientId,
      ux_mode: 'popup',
      context: intent === 'signup' ? 'signup' : 'signin',
      callback: ({ credential }) => {
        if (!credential) {
          return;
        }
        const { role: chosenRole, login: mutation } = latest.current;
        latest.current.onStart?.();
        // Like the role, the server keeps the lead source only if this sign-in creates the account.
        const leadSource = readLeadSource();
        mutation.mutate(
          { credential, ...(chosenRole ? { role: chosenRole } : {}), ...(leadSource ? { leadSource } : {}) },
          {
            onSuccess: (answer) => {
              if (leadSource) {
                forgetLeadSource();
              }
              latest.current.onSignedIn(answer);
            },
            onError: (error) => {
              latest.current.showError(error);
              latest.current.onFailed?.();
            },
          },
        );
      },
    });
    element.replaceChildren();
    identity.google.accounts.id.renderButton(element, {
      type: 'standard',
      theme: theme === 'dark' ? 'filled_black' : 'outline',
      size: 'large',
      shape: 'rectangular',
      text: intent === 'signup' ? 'signup_with' : 'continue_with',
      logo_alignment: 'center',
      locale: 'ar',
      width: Math.min(MAX_BUTTON_WIDTH, Math.max(200, Math.floor(element.clientWidth))),
    });
  }, [identity, googleClientId, theme, intent]);

  if (identity.status === 'disabled' || identity.status === 'failed') {
    return null;
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-3 text-xs font-medium text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        {accountMessages.login.or}
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className="relative flex min-h-11 items-center justify-center">
        <div ref={container} className="flex w-full justify-center" />
        {identity.status === 'loading' || login.isPending ? (
          <Spinner className="absolute inset-0 m-auto text-brand" />
        ) : null}
      </div>
    </div>
  );
}
