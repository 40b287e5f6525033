import { randomBytes } from 'node:crypto';
import { api } from './api.ts';
import { urls } from './browser.ts';
import { codeFromOutbox } from './outbox.ts';

/**
 * A new student with a verified e-mail and a complete profile, made through the public API the
 * way the sign-up screens make one (the screens themselves are covered by the accounts journey).
 */
export async function createVerifiedStudent(name: string): Promise<{ email: string; password: string }> {
  const email = `student.${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Student-pass-1';
  const { user, token } = await api<{ user: { id: number }; token: string }>('POST', '/user/', null, {
    email,
    password,
    role: 4,
  });
  const askedAt = new Date(Date.now() - 1000);
  await api('PUT', '/auth/send-verify-email', token, { callbackUrl: `${urls.web}/verify-email` });
  await api('PUT', '/auth/verify-email', token, { code: await codeFromOutbox(email, 4, askedAt) });
  await api('PUT', `/user/${user.id}`, token, { name, phone: '01098765432', city: 1 });
  return { email, password };
}
