import { useEffect, useState } from 'react';

/** The parts of Google Identity Services the web and admin apps call (https://developers.google.com/identity/gsi/web). */
export interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
        ux_mode?: 'popup' | 'redirect';
        use_fedcm_for_prompt?: boolean;
        context?: 'signin' | 'signup' | 'use';
      }): void;
      renderButton(
        parent: HTMLElement,
        options: {
          type?: 'standard' | 'icon';
          theme?: 'outline' | 'filled_blue' | 'filled_black';
          size?: 'large' | 'medium' | 'small';
          text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
          shape?: 'rectangular' | 'pill';
          logo_alignment?: 'left' | 'center';
          width?: number;
          locale?: string;
        },
      ): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

let loading: Promise<GoogleIdentity> | null = null;

/** Loads the Google Identity Services script once per page; later calls share the same promise. */
export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  if (window.google?.accounts?.id) {
    return Promise.resolve(window.google);
  }
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT;
    script.async = true;
    script.defer = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('GIS did not load')));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('GIS script failed to load'));
    };
    document.head.append(script);
  });
  return loading;
}

export type GoogleIdentityState =
  | { status: 'disabled' | 'loading' | 'failed'; google: null }
  | { status: 'ready'; google: GoogleIdentity };

/**
 * Google Identity Services, loaded from accounts.google.com only when a client id is configured: without
 * one nothing is fetched and the button stays hidden.
 */
export function useGoogleIdentity(clientId: string | null): GoogleIdentityState {
  const [state, setState] = useState<GoogleIdentityState>(() =>
    clientId ? { status: 'loading', google: null } : { status: 'disabled', google: null },
  );
  useEffect(() => {
    if (!clientId) {
      setState({ status: 'disabled', google: null });
      return;
    }
    let active = true;
    loadGoogleIdentity().then(
      (google) => active && setState({ status: 'ready', google }),
      () => active && setState({ status: 'failed', google: null }),
    );
    return () => {
      active = false;
    };
  }, [clientId]);
  return state;
}
