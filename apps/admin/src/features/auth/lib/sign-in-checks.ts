import { EMAIL_PATTERN, type ErrorCode, type PasswordLoginRequest } from '@hiwar/domain';

/** What the sign-in form holds: the two fields as typed. */
export type SignInFields = PasswordLoginRequest;

/** The first problem of each field, as a catalogue code (FormField words it in Arabic). */
export type SignInProblems = Partial<Record<keyof SignInFields, ErrorCode>>;

/**
 * The checks `PasswordLoginRequestSchema` makes on a sign-in, written out by hand so the back office's
 * first screen downloads neither zod nor the domain's schemas (issue 16, decision 29): the e-mail
 * trimmed and lower-cased, then of the spec's shape; the password only present (its rules are never
 * revealed at sign-in). The server checks the request with the schema itself.
 */
export function checkSignIn(fields: SignInFields): { request: SignInFields; problems: SignInProblems } {
  const email = fields.email.trim().toLowerCase();
  const problems: SignInProblems = {};
  if (!EMAIL_PATTERN.test(email)) {
    problems.email = 'invalid-email';
  }
  if (fields.password.length === 0) {
    problems.password = 'required';
  }
  return { request: { email, password: fields.password }, problems };
}
