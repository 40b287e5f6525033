import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { api } from './api.ts';

/**
 * A new student with a verified e-mail and a complete profile, made through the API by staff (the
 * sign-up, verification and profile screens themselves are covered by the accounts journey). Staff
 * are exempt from the sign-up and mail limits, which the journeys' own requests from 127.0.0.1 share.
 */
export async function createVerifiedStudent(name: string): Promise<{ email: string; password: string }> {
  const email = `student.${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Student-pass-1';
  const staffToken = inject('staffToken');
  const { user } = await api<{ user: { id: number } }>('POST', '/user/', staffToken, {
    email,
    password,
    role: 4,
  });
  await api('PUT', `/user/${user.id}`, staffToken, {
    name,
    phone: '01098765432',
    city: 1,
    verifiedEmail: true,
  });
  return { email, password };
}
