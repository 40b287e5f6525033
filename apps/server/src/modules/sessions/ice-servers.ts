import { createHmac } from 'node:crypto';
import type { IceServer } from '@hiwar/domain';
import type { AppConfig } from '../../config.ts';

/** How long a TURN credential stays valid: about an hour, longer than any lesson or interview. */
export const TURN_CREDENTIAL_TTL_SECONDS = 3600;

/**
 * coturn's REST-secret credentials (`use-auth-secret` / `static-auth-secret`): the username is
 * `<expiry unix seconds>:<userId>`, the password base64(HMAC-SHA1(secret, username)). coturn checks
 * the HMAC and refuses the username once its expiry has passed, so nothing is stored.
 */
export function turnCredentials(
  secret: string,
  userId: number,
  now: Date,
): { username: string; credential: string; expiresAt: number } {
  const expiresAt = Math.floor(now.getTime() / 1000) + TURN_CREDENTIAL_TTL_SECONDS;
  const username = `${expiresAt}:${userId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential, expiresAt };
}

/** The ICE servers one member's browser uses: STUN from config, plus TURN with their own credentials. */
export function iceServersFor(ice: AppConfig['ice'], userId: number, now: Date): IceServer[] {
  const servers: IceServer[] = [];
  if (ice.stunUrls.length > 0) {
    servers.push({ urls: ice.stunUrls });
  }
  if (ice.turn) {
    const { username, credential } = turnCredentials(ice.turn.secret, userId, now);
    servers.push({ urls: ice.turn.urls, username, credential });
  }
  return servers;
}
