import { AppError } from '@hiwar/domain';
import { createRemoteJWKSet, errors, type JWTVerifyGetKey, jwtVerify } from 'jose';

export const GOOGLE_CERTS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export type GoogleIdentity = {
  sub: string;
  email: string;
  name: string | null;
};

export type GoogleVerifier = {
  readonly configured: boolean;
  /** The identity in a Google ID token, or an AppError (`unauthenticated`, `forbidden`, `service-unavailable`). */
  verify(credential: string): Promise<GoogleIdentity>;
};

/**
 * Verifies Google Identity Services ID tokens: RS256 signature against Google's published keys,
 * audience = our client id, Google as issuer, not expired, and a Google-verified e-mail. `keys` is
 * injectable so tests sign their own tokens; by default Google's JWKS is fetched and cached.
 */
export function createGoogleVerifier(options: {
  clientId: string | undefined;
  keys?: JWTVerifyGetKey | undefined;
}): GoogleVerifier {
  const { clientId } = options;
  let keys = options.keys;
  return {
    configured: Boolean(clientId),
    async verify(credential) {
      if (!clientId) {
        throw new AppError('service-unavailable', { message: 'Google sign-in is not configured' });
      }
      keys ??= createRemoteJWKSet(new URL(GOOGLE_CERTS_URL));
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(credential, keys, {
          algorithms: ['RS256'],
          audience: clientId,
          issuer: GOOGLE_ISSUERS,
          clockTolerance: 30,
        }));
      } catch (cause) {
        if (cause instanceof errors.JOSEError && !(cause instanceof errors.JWKSTimeout)) {
          throw new AppError('unauthenticated', {
            message: 'The Google sign-in could not be verified',
            cause,
          });
        }
        throw new AppError('service-unavailable', { message: 'Google keys are unreachable', cause });
      }
      const { sub, email, email_verified: emailVerified, name } = payload;
      if (typeof sub !== 'string' || typeof email !== 'string') {
        throw new AppError('unauthenticated', { message: 'The Google token has no account or e-mail' });
      }
      if (emailVerified !== true) {
        throw new AppError('forbidden', {
          message: 'This Google account has no verified e-mail: use another account or contact an admin',
        });
      }
      return { sub, email, name: typeof name === 'string' ? name : null };
    },
  };
}
