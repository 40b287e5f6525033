import { createHmac } from 'node:crypto';
import {
  AppError,
  BOUNDS,
  ConfirmationCodeKind,
  type ForgetPasswordRequest,
  type GoogleLoginRequest,
  isStaff,
  type LeadSource,
  type PasswordLoginRequest,
  type ResetPasswordRequest,
  Role,
  TokenPurpose,
  UserNameSchema,
  type VerifyEmailRequest,
} from '@hiwar/domain';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import { voidOpenCodes } from '../confirmation-codes/confirmation-codes.repository.ts';
import type { ConfirmationCodes } from '../confirmation-codes/confirmation-codes.service.ts';
import type { MailSender } from '../notifications/mail.ts';
import { resetPasswordMail, verifyEmailMail } from '../notifications/templates.ts';
import { profileChanged } from '../tutors/tutor-listing.ts';
import type { TutorsCache } from '../tutors/tutors-cache.ts';
import {
  findUserByEmail,
  findUserByGoogleSub,
  insertUser,
  revokeUserTokens,
  type UserRow,
  updateUserRow,
} from '../users/users.repository.ts';
import { getUserRow, loadUserWithTutor } from '../users/users.service.ts';
import type { GoogleVerifier } from './google.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { Sessions } from './session.ts';

export type AuthDeps = {
  db: Database;
  config: Pick<AppConfig, 'jwtSecret' | 'corsOrigins' | 'publicUrls'>;
  sessions: Sessions;
  files: StoredFiles;
  codes: ConfirmationCodes;
  mailer: MailSender;
  google: GoogleVerifier;
  tutorsCache?: TutorsCache;
};

const HOUR_S = 60 * 60;

/** A Google sign-in to the back office with an account that is not staff (or no account at all). */
function staffOnlyRefusal(): AppError {
  return new AppError('forbidden', { message: 'The back office is for staff accounts only' });
}

export function createAuthService(deps: AuthDeps) {
  const { db, files, sessions, codes } = deps;
  const links = createVerifyLinks(deps.config.jwtSecret);
  const allowedOrigins = new Set(
    [...deps.config.corsOrigins, ...Object.values(deps.config.publicUrls)]
      .filter((url) => URL.canParse(url))
      .map((url) => new URL(url).origin),
  );

  const signIn = async (user: UserRow) => ({
    ...(await loadUserWithTutor(db, files, user)),
    token: await sessions.issue(user),
  });

  const createGoogleUser = async (
    identity: { sub: string; email: string; name: string | null },
    role: Role,
    leadSource: LeadSource | undefined,
  ) => {
    const name = UserNameSchema.safeParse(identity.name ?? '');
    return db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: identity.email.toLowerCase(),
        googleSub: identity.sub,
        role,
        name: name.success ? name.data : null,
        verifiedEmail: true,
        leadSource: leadSource ?? null,
      });
      await loadUserWithTutor(tx, files, user);
      return user;
    });
  };

  return {
    /** `wrong-password` for a wrong password, an unknown e-mail and a Google-only account alike. */
    async loginWithPassword(input: PasswordLoginRequest) {
      const user = await findUserByEmail(db, input.email);
      const matches = await verifyPassword(user?.passwordHash ?? null, input.password);
      if (!user || !matches) {
        throw new AppError('wrong-password');
      }
      return signIn(user);
    },

    /**
     * Signs in with a Google ID token: the linked account, else the account with that (verified)
     * e-mail, which gets linked, else a new Student or Tutor account.
     */
    async loginWithGoogle(input: GoogleLoginRequest) {
      const identity = await deps.google.verify(input.credential);
      const linked = await findUserByGoogleSub(db, identity.sub);
      if (linked) {
        if (input.staffOnly && !isStaff(linked.role as Role)) {
          throw staffOnlyRefusal();
        }
        return signIn(linked);
      }
      const byEmail = await findUserByEmail(db, identity.email);
      // The back office signs in existing staff only: nobody is created or linked from there.
      if (input.staffOnly && !(byEmail && isStaff(byEmail.role as Role))) {
        throw staffOnlyRefusal();
      }
      if (byEmail) {
        if (byEmail.googleSub) {
          throw new AppError('user-exists', { message: 'This e-mail is linked to another Google account' });
        }
        return signIn(await updateUserRow(db, byEmail.id, { googleSub: identity.sub, verifiedEmail: true }));
      }
      try {
        return signIn(await createGoogleUser(identity, input.role ?? Role.Student, input.leadSource));
      } catch (error) {
        // A parallel first sign-in of the same Google account created it meanwhile.
        const created = await findUserByGoogleSub(db, identity.sub);
        if (created) {
          return signIn(created);
        }
        throw error;
      }
    },

    async refresh(caller: UserRow) {
      return { token: await sessions.issue(caller) };
    },

    /** Ends every token of the user (all devices). */
    async logout(caller: UserRow) {
      await sessions.revoke(caller.id);
      return { ok: true as const };
    },

    /** Sends a 5-digit reset code; answers the same for an unknown e-mail, so addresses cannot be probed. */
    async forgetPassword(input: ForgetPasswordRequest) {
      const user = await findUserByEmail(db, input.email);
      if (!user) {
        return { ok: true as const, ...stamp(codes.nominal()) };
      }
      const issued = await codes.issue({
        userId: user.id,
        kind: ConfirmationCodeKind.ResetPassword,
        target: user.email,
        digits: BOUNDS.verificationCode.resetDigits,
      });
      await sendOrWithdraw(deps, issued.id, () =>
        deps.mailer.send({ to: user.email, ...resetPasswordMail({ name: user.name, code: issued.code }) }),
      );
      return { ok: true as const, ...stamp(issued) };
    },

    /**
     * Sets a new password with the e-mailed code; the code also proves the address, so it is marked
     * verified. Every earlier token ends.
     */
    async resetPassword(input: ResetPasswordRequest) {
      const user = await findUserByEmail(db, input.email);
      if (!user) {
        throw new AppError('invalid-verification-code');
      }
      const passwordHash = await hashPassword(input.password);
      await codes.consume({
        userId: user.id,
        kinds: [ConfirmationCodeKind.ResetPassword],
        code: input.code,
        onMatch: async (tx) => {
          await updateUserRow(tx, user.id, { passwordHash, verifiedEmail: true });
          await revokeUserTokens(tx, user.id);
        },
      });
      sessions.disconnect(user.id);
      return { ok: true as const };
    },

    /** E-mails a 4-digit code and a link to `callbackUrl?token=…` (one of our own front ends). */
    async sendVerifyEmail(caller: UserRow, callbackUrl: string) {
      if (caller.verifiedEmail) {
        throw new AppError('email-already-verified');
      }
      const url = new URL(callbackUrl);
      if (!allowedOrigins.has(url.origin)) {
        throw new AppError('bad-request', { message: 'callbackUrl must be a page of this site' });
      }
      const issued = await codes.issue({
        userId: caller.id,
        kind: ConfirmationCodeKind.VerifyEmail,
        target: caller.email,
        digits: BOUNDS.verificationCode.emailDigits,
      });
      url.searchParams.set('token', await links.sign(caller));
      await sendOrWithdraw(deps, issued.id, () =>
        deps.mailer.send({
          to: caller.email,
          ...verifyEmailMail({ name: caller.name, code: issued.code, link: url.toString() }),
        }),
      );
      return { ok: true as const, ...stamp(issued) };
    },

    /** Verifies by the link's token (no sign-in needed) or by the code (signed in). */
    async verifyEmail(input: VerifyEmailRequest, caller: UserRow | null) {
      if (input.token !== undefined) {
        const link = await links.read(input.token);
        const user = await getUserRow(db, link.userId).catch(() => {
          throw new AppError('invalid-verification-code');
        });
        if (user.email.toLowerCase() !== link.email) {
          throw new AppError('invalid-verification-code');
        }
        if (user.verifiedEmail) {
          throw new AppError('email-already-verified');
        }
        const verified = await db.transaction(async (tx) => {
          await voidOpenCodes(tx, user.id, [ConfirmationCodeKind.VerifyEmail]);
          return updateUserRow(tx, user.id, { verifiedEmail: true });
        });
        await profileChanged(deps.tutorsCache, verified);
        return loadUserWithTutor(db, files, verified);
      }
      if (!caller) {
        throw new AppError('unauthenticated', { message: 'Sign in to verify with a code' });
      }
      if (caller.verifiedEmail) {
        throw new AppError('email-already-verified');
      }
      const verified = await codes.consume({
        userId: caller.id,
        kinds: [ConfirmationCodeKind.VerifyEmail],
        code: input.code ?? '',
        onMatch: (tx) => updateUserRow(tx, caller.id, { verifiedEmail: true }),
      });
      await profileChanged(deps.tutorsCache, verified);
      return loadUserWithTutor(db, files, verified);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function stamp(times: { expiresAt: Date; resendAt: Date }) {
  return { expiresAt: times.expiresAt.toISOString(), resendAt: times.resendAt.toISOString() };
}

/** A message that could not go out takes its code back, so the user may ask again at once. */
export async function sendOrWithdraw(
  deps: { codes: ConfirmationCodes },
  codeId: number,
  send: () => Promise<void>,
): Promise<void> {
  try {
    await send();
  } catch (error) {
    await deps.codes.withdraw(codeId);
    throw error;
  }
}

/**
 * The e-mail verification link's token: which user and address it verifies, valid 24 hours. Its key
 * is derived from, but never equal to, the bearer-token key, so neither token works as the other.
 */
export function createVerifyLinks(secret: string) {
  const key = createHmac('sha256', secret).update('hiwar:verify-email-link').digest();
  return {
    sign(user: Pick<UserRow, 'id' | 'email'>, now: Date = new Date()): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ purpose: TokenPurpose.VerifyEmail, email: user.email.toLowerCase() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuedAt(iat)
        .setExpirationTime(iat + BOUNDS.verifyLinkHours * HOUR_S)
        .sign(key);
    },

    /** `expired-verification-code` for an expired link, `invalid-verification-code` for any other bad one. */
    async read(token: string): Promise<{ userId: number; email: string }> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (
          payload.purpose !== TokenPurpose.VerifyEmail ||
          typeof payload.email !== 'string' ||
          !Number.isInteger(userId) ||
          userId <= 0
        ) {
          throw new AppError('invalid-verification-code');
        }
        return { userId, email: payload.email };
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          throw new AppError('expired-verification-code', { message: 'The link expired: ask for a new one' });
        }
        throw error instanceof AppError ? error : new AppError('invalid-verification-code');
      }
    },
  };
}
