import { PlanPeriod, Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createPlan, loginAs } from '../../testing/factories.ts';
import { completeThreeDs, saveCard } from '../../testing/fawry.ts';

/**
 * Issue 27: people open the local web app on http://localhost:4000 or on http://127.0.0.1:4000, two
 * origins with a session each. Fawry's sandbox pages and their way back stay on the one the request
 * came from, when the deployment serves it; anything else falls back to PUBLIC_WEB_URL.
 */
describe('payment addresses keep the origin the web app was opened on', async () => {
  const { app } = await buildTestApp();
  const plan = await createPlan(app.db);
  let phoneSeq = 20_000_000;
  const newStudent = () => loginAs(app, Role.Student, { phone: `011${phoneSeq++}` });

  const cardTokenUrl = async (headers: Record<string, string>) => {
    const student = await newStudent();
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/fawry/card-token/url',
      headers: { ...student.auth, ...headers },
    });
    expect(res.statusCode).toBe(200);
    return new URL(res.json().url);
  };

  it.each([
    ['the address it was sent to', { host: '127.0.0.1:4000' }, 'http://127.0.0.1:4000'],
    ['its Origin', { origin: 'http://127.0.0.1:4000' }, 'http://127.0.0.1:4000'],
    ['the configured one', { host: 'localhost:4000' }, 'http://localhost:4000'],
  ])('the add-card page and /card-added are on %s', async (_, headers, origin) => {
    const url = await cardTokenUrl(headers);
    expect(url.origin).toBe(origin);
    expect(url.pathname).toBe('/fawry-sandbox/atfawry/plugin/card-token');
    expect(url.searchParams.get('returnUrl')).toBe(`${origin}/card-added`);
  });

  it.each([
    ['a foreign Host', { host: 'evil.example' }],
    ['a foreign Origin', { origin: 'https://evil.example', host: 'evil.example' }],
    ['another port on loopback', { host: '127.0.0.1:9999' }],
    ['a malformed Origin', { origin: 'javascript:alert(1)' }],
    ['a forwarded host without a trusted proxy', { 'x-forwarded-host': '127.0.0.1:4000' }],
  ])('%s is never reflected: the configured web address is used', async (_, headers) => {
    const url = await cardTokenUrl(headers);
    expect(url.origin).toBe('http://localhost:4000');
    expect(url.searchParams.get('returnUrl')).toBe('http://localhost:4000/card-added');
  });

  it('a card payment opened on 127.0.0.1 answers its 3-D Secure page there and comes back there', async () => {
    const student = await newStudent();
    const cardToken = await saveCard(app, student.user.id);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/fawry/pay/card',
      headers: { ...student.auth, host: '127.0.0.1:4000', origin: 'http://127.0.0.1:4000' },
      payload: {
        planId: plan.id,
        period: PlanPeriod.Month,
        cardToken,
        cvv: '123',
        returnUrl: 'http://127.0.0.1:4000/checkout/result',
      },
    });
    expect(res.statusCode).toBe(200);
    const redirectUrl = new URL(res.json().redirectUrl);
    expect(redirectUrl.origin).toBe('http://127.0.0.1:4000');
    expect(redirectUrl.pathname).toMatch(/^\/fawry-sandbox\/emu\/3ds\//);
    const back = await completeThreeDs(app, redirectUrl.toString(), 'approve');
    expect(back).toMatch(/^http:\/\/127\.0\.0\.1:4000\/checkout\/result\?/);
  });

  it('a card payment from a forged origin keeps the configured address and refuses a foreign return', async () => {
    const student = await newStudent();
    const cardToken = await saveCard(app, student.user.id);
    const body = { planId: plan.id, period: PlanPeriod.Month, cardToken, cvv: '123' };
    const headers = { ...student.auth, host: 'evil.example', origin: 'https://evil.example' };
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/fawry/pay/card',
      headers,
      payload: { ...body, returnUrl: 'https://evil.example/checkout/result' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('bad-request');
    expect(
      await app.db.select().from(transactions).where(eq(transactions.userId, student.user.id)),
    ).toHaveLength(0);

    const paid = await app.inject({
      method: 'POST',
      url: '/api/v1/fawry/pay/card',
      headers,
      payload: { ...body, returnUrl: 'http://localhost:4000/checkout/result' },
    });
    expect(paid.statusCode).toBe(200);
    expect(new URL(paid.json().redirectUrl).origin).toBe('http://localhost:4000');
  });

  it('only students get an add-card page', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/fawry/card-token/url' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthenticated');
    const tutor = await loginAs(app, Role.Tutor);
    const refused = await app.inject({
      method: 'GET',
      url: '/api/v1/fawry/card-token/url',
      headers: { ...tutor.auth, host: '127.0.0.1:4000' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
  });
});
