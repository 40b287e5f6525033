import { type PaymentStatus, PlanPeriod } from '@hiwar/domain';
import { asc, eq } from 'drizzle-orm';
import type { App } from '../app.ts';
import { installments, transactions } from '../db/schema.ts';
import type { PlanRow } from '../modules/plans/plans.repository.ts';
import { completeThreeDs, saveCard } from './fawry.ts';

type Buyer = { user: { id: number }; auth: { authorization: string } };

const returnUrl = (app: App) => `${app.config.publicUrls.web.replace(/\/$/, '')}/payments/return`;

/**
 * A card purchase of `plan` in `count` installments, paid as a student does (saved card, 3-D Secure
 * approved at the sandbox): the first installment is paid and the subscription exists. Answers the
 * purchase's installments in order.
 */
export async function buyInInstallments(
  app: App,
  buyer: Buyer,
  plan: PlanRow,
  options: { period?: PlanPeriod; count?: 2 | 4 } = {},
) {
  const cardToken = await saveCard(app, buyer.user.id);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/fawry/pay/card',
    headers: buyer.auth,
    payload: {
      planId: plan.id,
      period: options.period ?? PlanPeriod.Year,
      installments: options.count ?? 4,
      cardToken,
      cvv: '123',
      returnUrl: returnUrl(app),
    },
  });
  if (res.statusCode !== 200) {
    throw new Error(`Installment purchase failed: ${res.body}`);
  }
  await completeThreeDs(app, res.json().redirectUrl);
  const [first] = await app.db
    .select({ installmentPlanId: installments.installmentPlanId })
    .from(transactions)
    .innerJoin(installments, eq(installments.id, transactions.installmentId))
    .where(eq(transactions.id, res.json().transaction.id));
  return app.db
    .select()
    .from(installments)
    .where(eq(installments.installmentPlanId, first!.installmentPlanId))
    .orderBy(asc(installments.index));
}

/** Pays one installment by card through the sandbox, as the /payments page does. Answers its status. */
export async function payInstallment(app: App, buyer: Buyer, installmentId: number): Promise<PaymentStatus> {
  const cardToken = await saveCard(app, buyer.user.id);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/fawry/pay/installment',
    headers: buyer.auth,
    payload: { installmentId, cardToken, cvv: '123', returnUrl: returnUrl(app) },
  });
  if (res.statusCode !== 200) {
    throw new Error(`Installment payment failed: ${res.body}`);
  }
  await completeThreeDs(app, res.json().redirectUrl);
  const [row] = await app.db
    .select({ status: transactions.status })
    .from(transactions)
    .where(eq(transactions.id, res.json().transaction.id));
  return row!.status as PaymentStatus;
}
