import { PlanPeriod, Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createPlan, loginAs, uniquePhone } from '../../testing/factories.ts';
import { sandboxOf, saveCard } from '../../testing/fawry.ts';
import { INSTALLMENT_PLANS_TTL_MS } from './installment-plans.ts';

/** Fawry's programme list is cached; when Fawry cannot be read the answer is 503, never a 500. */
describe('bank installment programmes when Fawry is down', async () => {
  let now = Date.now();
  const { app } = await buildTestApp({ deps: { clock: () => new Date(now) } });
  const sandbox = sandboxOf(app);
  const plan = await createPlan(app.db);
  const student = await loginAs(app, Role.Student, { phone: uniquePhone() });
  const cardToken = await saveCard(app, student.user.id);

  const listPlans = () =>
    app.inject({
      method: 'GET',
      url: '/api/v1/fawry/installment-plans?amount=270000',
      headers: student.auth,
    });
  const payByBank = () =>
    app.inject({
      method: 'POST',
      url: '/api/v1/fawry/pay/bank-installments',
      headers: student.auth,
      payload: {
        planId: plan.id,
        period: PlanPeriod.Quarter,
        cardToken,
        cvv: '123',
        returnUrl: 'http://localhost:4000/payments/return',
        installmentPlanId: 37,
      },
    });

  it('answers service-unavailable, records nothing, and asks Fawry again on the next call', async () => {
    sandbox.injectFault('http-500', 2);
    const listed = await listPlans();
    expect(listed.statusCode).toBe(503);
    expect(listed.json().code).toBe('service-unavailable');
    const paid = await payByBank();
    expect(paid.statusCode).toBe(503);
    expect(paid.json().code).toBe('service-unavailable');
    expect(
      await app.db.select().from(transactions).where(eq(transactions.userId, student.user.id)),
    ).toHaveLength(0);
    expect((await listPlans()).statusCode).toBe(200);
  });

  it('serves the cached list while Fawry is down, for a few minutes only', async () => {
    expect((await listPlans()).statusCode).toBe(200);
    sandbox.injectFault('http-500', 1);
    const cached = await listPlans();
    expect(cached.statusCode).toBe(200);
    expect(cached.json().list.map((programme: { id: number }) => programme.id)).toEqual([37, 38]);

    now += INSTALLMENT_PLANS_TTL_MS + 1000;
    const expired = await listPlans();
    expect(expired.statusCode).toBe(503);
    expect(expired.json().code).toBe('service-unavailable');
    expect((await listPlans()).statusCode).toBe(200);
  });
});
