import { PasswordLoginRequestSchema } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { checkSignIn } from './sign-in-checks.ts';

/** The code the domain schema gives each field first, the way the server would answer. */
function schemaProblems(fields: { email: string; password: string }) {
  const result = PasswordLoginRequestSchema.safeParse(fields);
  const problems: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0]);
    problems[field] ??= issue.message;
  }
  return problems;
}

describe('checkSignIn', () => {
  it('sends the e-mail trimmed and lower-cased, and the password as typed', () => {
    expect(checkSignIn({ email: '  Mona.Ali@Example.COM ', password: ' secret ' })).toEqual({
      request: { email: 'mona.ali@example.com', password: ' secret ' },
      problems: {},
    });
  });

  it.each([
    { email: '', password: '' },
    { email: 'not-an-email', password: 'x' },
    { email: 'user@example.c', password: 'x' },
    { email: 'user@localhost', password: '' },
    { email: ' staff@hiwar.test ', password: '' },
    { email: 'staff@hiwar.test', password: 'hiwar-demo-1' },
  ])('finds the same problems as the domain schema for $email / $password', (fields) => {
    expect(checkSignIn(fields).problems).toEqual(schemaProblems(fields));
  });
});
