import { randomBytes } from 'node:crypto';
import { urls } from './browser.ts';
import { codeFromOutbox } from './outbox.ts';

async function api<T>(method: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${urls.web}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  }
  return (await res.json()) as T;
}

/**
 * A new student with a verified e-mail and a complete profile, made through the public API the
 * way the sign-up screens make one (the screens themselves are covered by the accounts journey).
 */
export async function createVerifiedStudent(name: string): Promise<{ email: string; password: string }> {
  const email = `student.${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Student-pass-1';
  const { user, token } = await api<{ user: { id: number }; token: string }>('POST', '/user/', {
    email,
    password,
    role: 4,
  });
  const askedAt = new Date(Date.now() - 1000);
  await api('PUT', '/auth/send-verify-email', { callbackUrl: `${urls.web}/verify-email` }, token);
  await api('PUT', '/auth/verify-email', { code: await codeFromOutbox(email, 4, askedAt) }, token);
  await api('PUT', `/user/${user.id}`, { name, phone: '01098765432', city: 1 }, token);
  return { email, password };
}
