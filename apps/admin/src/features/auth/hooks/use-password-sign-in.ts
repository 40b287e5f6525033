import { type LoginVariables, login, useApiClient, useSession } from '@hiwar/client';
import { useState } from 'react';

/** Where a password sign-in stands: `refused` carries the server's (or the network's) error. */
export type PasswordSignInState =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'refused'; error: unknown };

/**
 * The password sign-in of `@hiwar/client`'s `useLogin` (the same request, then the session starts,
 * remembered on this device only with `persist`), with plain state instead of React Query's mutation:
 * the hooks module and the mutation machinery would add 2.6 kB gzip to the back office's first screen
 * (issue 16). `signIn` resolves to whether it succeeded.
 */
export function usePasswordSignIn(): {
  state: PasswordSignInState;
  signIn(variables: LoginVariables): Promise<boolean>;
} {
  const client = useApiClient();
  const { setSession } = useSession();
  const [state, setState] = useState<PasswordSignInState>({ status: 'idle' });

  async function signIn({ persist = true, ...body }: LoginVariables): Promise<boolean> {
    setState({ status: 'pending' });
    try {
      const answer = await login(client, body);
      setSession(answer.token, answer, { persist });
      // The login page moves on by itself once the session has a user.
      setState({ status: 'idle' });
      return true;
    } catch (error) {
      setState({ status: 'refused', error });
      return false;
    }
  }

  return { state, signIn };
}
