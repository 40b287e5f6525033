import {
  AppError,
  type CancelUnpaidOrderRequestSchema,
  type FindTransactionsQuerySchema,
  type GrantSubscriptionRequest,
  type Installment,
  type InstallmentPlansQuerySchema,
  installmentSchedule,
  type PayByBankInstallmentsRequestSchema,
  type PayByCardRequestSchema,
  type PayByReferenceRequestSchema,
  type PayByWalletRequestSchema,
  type PayInstallmentRequestSchema,
  PaymentMethod,
  PaymentStatus,
  type PayResponse,
  PLAN_PERIOD_SLUGS,
  type PlanPeriod,
  periodAllowsInstallments,
  priceFor,
  type RefundRequestSchema,
  Role,
  refundableAmount,
  type SavedCard,
  SubscriptionEventKind,
  statusAfterRefund,
  subscriptionEnd,
  type Transaction,
} from '@hiwar/domain';
import {
  type CardTokenChargeResult,
  type FawryClient,
  type FawryPaymentState,
  isFawryError,
  type PaymentStatusResult,
} from '@hiwar/fawry';
import { FAWRY_SANDBOX_PREFIX } from '@hiwar/fawry/sandbox';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { forbidden, isAdmin } from '../../core/auth.ts';
import { onWebOrigin } from '../../core/web-origin.ts';
import { type Database, type Transaction as DbTransaction, isUniqueViolation } from '../../db/client.ts';
import type { Broadcast } from '../../realtime/broadcast.ts';
import { findTakenTrial } from '../lessons/lessons.repository.ts';
import type { MailSender } from '../notifications/mail.ts';
import { findCoupon, findCouponByCode, takeCouponUse } from '../plans/coupons.repository.ts';
import { couponProblem } from '../plans/coupons.service.ts';
import { findPlan, type PlanRow } from '../plans/plans.repository.ts';
import { getPurchasablePlan } from '../plans/plans.service.ts';
import { readPlatformSettings } from '../settings/platform-settings.repository.ts';
import { insertSubscriptionEvent } from '../subscriptions/subscription-manage.repository.ts';
import {
  createSubscriptionManageService,
  prepareUpgrade,
  recordSubscriptionRefund,
} from '../subscriptions/subscription-manage.service.ts';
import { toSubscription } from '../subscriptions/subscriptions.service.ts';
import { findUserById, lockUser, type UserRow } from '../users/users.repository.ts';
import { createInstallmentPlans, type InstallmentProgramme } from './installment-plans.ts';
import { createPaymentStatus, type StatusReport, type SubscriptionHooks } from './payment-status.ts';
import {
  addRefunded,
  findInstallmentsOfPlan,
  findOpenTransactions,
  findTransaction,
  findTransactionView,
  findTransactionViews,
  findUserInstallments,
  hasLiveInstallmentAttempt,
  insertInstallmentPlan,
  insertTransaction,
  lockInstallment,
  lockTransaction,
  type NewTransaction,
  recordChargeAnswer,
  type TransactionRow,
  type TransactionView,
} from './transactions.repository.ts';

const HOUR_MS = 60 * 60 * 1000;
/** A purchase this young may still be talking to Fawry: the reconciliation job leaves it alone. */
const IN_FLIGHT_MS = 60 * 1000;
/** An order Fawry still does not know after this long never reached it. */
const NEVER_REACHED_MS = 15 * 60 * 1000;

export function toTransaction(view: TransactionView): Transaction {
  return {
    id: view.id,
    userId: view.userId,
    planId: view.planId,
    trial: view.trial,
    period: view.period as PlanPeriod,
    couponCode: view.couponCode,
    amount: view.amount,
    refundedAmount: view.refundedAmount,
    method: view.method as PaymentMethod | null,
    status: view.status as PaymentStatus,
    fawryRefNumber: view.fawryRefNumber,
    expiresAt: view.expiresAt?.toISOString() ?? null,
    installment:
      view.installmentIndex !== null && view.installmentCount !== null
        ? { index: view.installmentIndex, count: view.installmentCount }
        : null,
    bankInstallmentMonths: view.bankInstallmentMonths,
    failureReason: view.failureReason,
    grantedBy: view.grantedBy,
    upgradeOf: view.upgradeOf,
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
  };
}

type PayByCardInput = z.output<typeof PayByCardRequestSchema>;
type PayByReferenceInput = z.output<typeof PayByReferenceRequestSchema>;
type PayByWalletInput = z.output<typeof PayByWalletRequestSchema>;
type PayByBankInstallmentsInput = z.output<typeof PayByBankInstallmentsRequestSchema>;
type PayInstallmentInput = z.output<typeof PayInstallmentRequestSchema>;
type InstallmentPlansInput = z.output<typeof InstallmentPlansQuerySchema>;
type RefundInput = z.output<typeof RefundRequestSchema>;
type CancelInput = z.output<typeof CancelUnpaidOrderRequestSchema>;
type FindTransactionsInput = z.output<typeof FindTransactionsQuerySchema>;

/** What a purchase names; the method decides how Fawry is asked. */
type PurchaseSpec = {
  /** The plan bought; absent for the trial lesson's payment (`trial`). */
  planId?: number | undefined;
  /** The trial lesson's price instead of a plan (decision 0048). */
  trial?: true | undefined;
  period: PlanPeriod;
  couponCode?: string | undefined;
  method: PaymentMethod;
  /** Card installments: 1 pays at once. */
  installments?: number;
  /** Bank installments: the programme for the price (checked once the coupon is applied). */
  bankInstallment?: (total: number) => InstallmentProgramme;
  /** Reference numbers and wallet requests stop being payable then. */
  expires?: boolean;
  /** An upgrade of this subscription in force to `planId` (decision 0042): the price difference. */
  upgradeOf?: number | undefined;
};

/** What Fawry's answer gave the buyer to do next. */
type NextStep = {
  fawryRefNumber: string | null;
  expiresAt: Date | null;
  redirectUrl?: string | null;
  referenceNumber?: string | null;
  walletQr?: string | null;
  /** A card charge's answer: without `redirectUrl` it is a direct result (Paid, or Failed). */
  card?: CardTokenChargeResult;
};

/**
 * Why a report from Fawry cannot be applied to this transaction, or null when it can: a status we do
 * not use, or a customer or an order amount that differ from ours (§4.3 step 3). The amount is Fawry's
 * `orderAmount` (without fees), signed in notifications and status answers.
 */
function reportMismatch(
  row: TransactionRow,
  state: Pick<FawryPaymentState, 'status' | 'customerProfileId' | 'orderAmountPiasters'>,
): string | null {
  if (state.status === null) {
    return 'a status we do not use';
  }
  if (state.customerProfileId !== null && state.customerProfileId !== String(row.userId)) {
    return 'the customer differs from ours';
  }
  if (state.orderAmountPiasters !== row.amount) {
    return 'the amount differs from ours';
  }
  return null;
}

/**
 * Why a status v2 answer cannot be applied (decision 0015), or null. It is our own signed request's
 * answer: trusted when its `messageSignature` verifies, or — when it carries none — because it came over
 * an authenticated channel (HTTPS to the configured Fawry, or this machine). A signature that does not
 * verify, or an unsigned answer over plain HTTP to another machine, changes nothing. Either way the
 * answer must be about our customer and amount.
 */
function pollProblem(row: TransactionRow, state: PaymentStatusResult): string | null {
  if (state.authenticity === 'bad-signature') {
    return 'its messageSignature does not verify';
  }
  if (state.authenticity === 'unverified') {
    return 'it is unsigned and came over an unauthenticated channel';
  }
  return reportMismatch(row, state);
}

export type PaymentsDeps = {
  db: Database;
  fawry: FawryClient | null;
  broadcast: Broadcast | null;
  config: AppConfig;
  log: FastifyBaseLogger;
  subscriptionHooks?: SubscriptionHooks;
  /** The app's time (tests move it); the installment programmes' cache and upgrades read it. */
  clock?: () => Date;
  /** Tells a student their refund request was answered by a refund (decision 0042). */
  mailer?: MailSender;
};

/**
 * Purchases, refunds, cancellations and everything Fawry reports (rules.md "Payments"; architecture
 * §7). A purchase records a New transaction under the student's row lock, then calls Fawry with no
 * database lock held; the subscription comes only from a Paid status (notification, poll, or a
 * zero-amount purchase), applied once by `createPaymentStatus`.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, log, config } = deps;
  const status = createPaymentStatus(deps);
  const allowedReturnOrigins = new Set(
    [config.publicUrls.web, config.publicUrls.admin, ...config.corsOrigins].map((url) => new URL(url).origin),
  );

  const requireFawry = (): FawryClient => {
    if (!deps.fawry) {
      throw new AppError('service-unavailable', { message: 'No payment gateway is configured' });
    }
    return deps.fawry;
  };

  const installmentPlans = createInstallmentPlans({
    fawry: requireFawry,
    clock: deps.clock ?? (() => new Date()),
    log,
  });

  const view = async (id: number): Promise<Transaction> =>
    toTransaction((await findTransactionView(db, id))!);

  const customerOf = (user: UserRow, phone: string | undefined) => {
    const mobile = phone ?? user.phone;
    if (!mobile) {
      throw new AppError('invalid-phone', { message: 'A mobile number is needed for Fawry' });
    }
    return {
      customerProfileId: user.id,
      customerName: user.name ?? undefined,
      customerMobile: mobile,
      customerEmail: user.email,
    };
  };

  /**
   * A page of the Fawry sandbox (3-D Secure, add a card) on the web origin the buyer opened the app on
   * (`origin`, from `requestWebOrigin`), not only on `PUBLIC_WEB_URL`'s; real Fawry's pages are left as
   * they are.
   */
  const sandboxPageAt = (url: string, origin: string | undefined) =>
    origin ? onWebOrigin(url, origin, config, FAWRY_SANDBOX_PREFIX) : url;

  const checkReturnUrl = (returnUrl: string) => {
    if (!allowedReturnOrigins.has(new URL(returnUrl).origin)) {
      throw new AppError('bad-request', { message: 'The return address must be on this site' });
    }
  };

  const orderDescription = (plan: PlanRow, period: PlanPeriod) =>
    `Hiwar ${plan.alias} (${PLAN_PERIOD_SLUGS[period]})`;

  /** Takes one use of the coupon or says why it cannot be used. */
  async function takeCoupon(tx: DbTransaction, code: string, now: Date) {
    const coupon = await findCouponByCode(tx, code);
    if (!coupon) {
      throw new AppError('coupon-not-found');
    }
    const problem = couponProblem(coupon, now);
    if (problem) {
      throw problem;
    }
    const taken = await takeCouponUse(tx, coupon.id);
    if (!taken) {
      const current = await findCoupon(tx, coupon.id);
      throw (current && couponProblem(current, new Date())) ?? new AppError('coupon-used-up');
    }
    return taken;
  }

  /**
   * Records a New transaction for the purchase, under the student's row lock: validates the plan, the
   * period and the coupon, takes the coupon use and computes the price (rules.md). Card installments
   * also record their schedule; the transaction then pays the first installment.
   */
  async function startPurchase(
    user: UserRow,
    spec: PurchaseSpec,
  ): Promise<{ row: TransactionRow; description: string }> {
    if (spec.trial || spec.planId === undefined) {
      const row = await db.transaction(async (tx) => {
        await lockUser(tx, user.id);
        return startTrialPurchase(tx, user, spec);
      });
      return { row, description: 'Hiwar trial lesson' };
    }
    const plan = await getPurchasablePlan(db, spec.planId, user);
    const installments = spec.installments ?? 1;
    if ((installments > 1 || spec.bankInstallment) && !periodAllowsInstallments(spec.period)) {
      throw new AppError('bad-request', {
        message: 'Installments are for quarter, half-year and year plans',
      });
    }
    const settings = await readPlatformSettings(db);
    const row = await db.transaction(async (tx) => {
      const now = new Date();
      await lockUser(tx, user.id);
      if (spec.upgradeOf !== undefined) {
        return startUpgrade(tx, user, plan, { ...spec, upgradeOf: spec.upgradeOf, planId: plan.id });
      }
      const coupon = spec.couponCode ? await takeCoupon(tx, spec.couponCode, now) : null;
      const total = priceFor(plan, spec.period, coupon);
      const programme = spec.bankInstallment?.(total);
      const values: NewTransaction = {
        userId: user.id,
        planId: plan.id,
        period: spec.period,
        couponId: coupon?.id ?? null,
        amount: total,
        weeklyMinutes: plan.weeklyMinutes,
        method: spec.method,
        bankInstallmentMonths: programme?.months ?? null,
        fawryInstallmentPlanId: programme?.id ?? null,
        expiresAt: spec.expires ? new Date(now.getTime() + settings.referenceNumberTtlHours * HOUR_MS) : null,
      };
      if (installments > 1 && total >= installments) {
        const schedule = installmentSchedule(total, installments, now, subscriptionEnd(now, spec.period));
        const created = await insertInstallmentPlan(
          tx,
          {
            userId: user.id,
            planId: plan.id,
            period: spec.period,
            couponId: coupon?.id ?? null,
            totalAmount: total,
            count: installments,
          },
          schedule,
        );
        const first = created.installments[0]!;
        Object.assign(values, { amount: first.amount, installmentId: first.id });
      }
      return insertTransaction(tx, values);
    });
    return { row, description: orderDescription(plan, spec.period) };
  }

  /**
   * The trial lesson's payment (decision 0048), under the student's row lock: trials on and priced
   * (`trialLessonPrice` > 0, else `bad-request`: it is free), the student's trial not taken
   * (`trial-already-used`), paid at once without coupon or upgrade. One payment open or paid per
   * student (`trial-payment-exists`, held by `transactions_trial_unique`).
   */
  async function startTrialPurchase(
    tx: DbTransaction,
    user: UserRow,
    spec: PurchaseSpec,
  ): Promise<TransactionRow> {
    if (
      spec.couponCode ||
      spec.upgradeOf !== undefined ||
      (spec.installments ?? 1) > 1 ||
      spec.bankInstallment
    ) {
      throw new AppError('bad-request', { message: 'The trial lesson is paid at once, without coupon' });
    }
    const settings = await readPlatformSettings(tx);
    if (settings.trialLessonEnabled !== 1) {
      throw new AppError('trial-unavailable');
    }
    if (settings.trialLessonPrice <= 0) {
      throw new AppError('bad-request', { message: 'The trial lesson is free: book it directly' });
    }
    if (await findTakenTrial(tx, user.id)) {
      throw new AppError('trial-already-used');
    }
    try {
      return await insertTransaction(tx, {
        userId: user.id,
        planId: null,
        trial: true,
        period: spec.period,
        amount: settings.trialLessonPrice,
        weeklyMinutes: 0,
        method: spec.method,
        expiresAt: spec.expires ? new Date(Date.now() + settings.referenceNumberTtlHours * HOUR_MS) : null,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'transactions_trial_unique')) {
        throw new AppError('trial-payment-exists', { cause: error });
      }
      throw error;
    }
  }

  /**
   * An upgrade's New transaction (decision 0042), inside the purchase's database transaction under
   * the student's lock: the price difference `prepareUpgrade` computes, for the target plan's minutes,
   * recorded in the subscription's history. A second open upgrade order is
   * `subscription-upgrade-unavailable` (also held by `transactions_open_upgrade_unique`).
   */
  async function startUpgrade(
    tx: DbTransaction,
    user: UserRow,
    plan: PlanRow,
    spec: PurchaseSpec & { upgradeOf: number; planId: number },
  ): Promise<TransactionRow> {
    const now = deps.clock?.() ?? new Date();
    const upgrade = await prepareUpgrade(tx, user, spec, now);
    let row: TransactionRow;
    try {
      row = await insertTransaction(tx, {
        userId: user.id,
        planId: plan.id,
        period: spec.period,
        amount: upgrade.amount,
        weeklyMinutes: upgrade.weeklyMinutes,
        method: spec.method,
        upgradeOf: spec.upgradeOf,
        expiresAt: spec.expires
          ? new Date(Date.now() + (await readPlatformSettings(tx)).referenceNumberTtlHours * HOUR_MS)
          : null,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'transactions_open_upgrade_unique')) {
        throw new AppError('subscription-upgrade-unavailable', { cause: error });
      }
      throw error;
    }
    await insertSubscriptionEvent(tx, {
      subscriptionId: spec.upgradeOf,
      kind: SubscriptionEventKind.UpgradeOrdered,
      actorId: user.id,
      details: {
        transactionId: row.id,
        amount: row.amount,
        fromPlanId: upgrade.subscription.planId,
        toPlanId: plan.id,
        toWeeklyMinutes: upgrade.weeklyMinutes,
      },
    });
    return row;
  }

  /**
   * Whether a status answer may be applied to the transaction (decision 0015); says why not in the log.
   * Unreadable unsigned fields are logged, never a reason to refuse.
   */
  function isApplicablePoll(row: TransactionRow, state: PaymentStatusResult): boolean {
    if (state.oddities.length > 0) {
      log.warn(
        { transactionId: row.id, oddities: state.oddities },
        'Fawry status answer with unreadable unsigned fields',
      );
    }
    const problem = pollProblem(row, state);
    if (problem) {
      log.error(
        {
          transactionId: row.id,
          orderStatus: state.orderStatus,
          amount: state.orderAmountPiasters,
          authenticity: state.authenticity,
        },
        `Fawry status answer not applied: ${problem}`,
      );
    }
    return problem === null;
  }

  /** Asks Fawry where an unpaid transaction stands and applies the answer (a status poll). */
  async function syncTransaction(id: number): Promise<void> {
    const state = await requireFawry().getPaymentStatus(id);
    if (state?.status == null || state.status === PaymentStatus.New) {
      return;
    }
    const row = await findTransaction(db, id);
    if (!row || !isApplicablePoll(row, state)) {
      return;
    }
    await status.apply(id, state.status, {
      source: 'poll',
      payload: state.raw,
      fawryRefNumber: state.fawryRefNumber,
      failureReason: state.failureReason,
    });
  }

  /**
   * A card charge Fawry decided at once, without 3-D Secure (decision 0015). A decline fails the
   * transaction with Fawry's reason. A payment is applied like any report, through the one status path
   * (Fawry's notification of it then finds it applied): when the answer came over an authenticated
   * channel and its amount is ours; otherwise status v2 is asked, and the notification settles it.
   */
  async function applyDirectResult(row: TransactionRow, result: CardTokenChargeResult): Promise<void> {
    const payload = {
      directResult: true,
      orderStatus: result.orderStatus,
      referenceNumber: result.referenceNumber,
      orderAmount: result.orderAmountPiasters,
      failureErrorCode: result.failureErrorCode,
      failureReason: result.failureReason,
    };
    if (result.status === PaymentStatus.Failed) {
      await status.apply(row.id, PaymentStatus.Failed, {
        source: 'api',
        payload,
        fawryRefNumber: result.referenceNumber,
        failureReason: result.failureReason,
      });
      return;
    }
    if (result.status !== PaymentStatus.Paid) {
      return;
    }
    if (requireFawry().authenticatedChannel && result.orderAmountPiasters === row.amount) {
      await status.apply(row.id, PaymentStatus.Paid, {
        source: 'api',
        payload,
        fawryRefNumber: result.referenceNumber,
      });
      return;
    }
    log.warn(
      { transactionId: row.id, amount: result.orderAmountPiasters },
      'Fawry charge answered PAID without its amount or over an unauthenticated channel: asking status v2',
    );
    await syncTransaction(row.id).catch((error: unknown) => {
      log.warn({ err: error, transactionId: row.id }, 'status check after a direct PAID failed');
    });
  }

  /**
   * Asks Fawry for the payment and answers what the buyer does next. A zero amount (a 100 % coupon) is
   * paid at once without Fawry. A refusal Fawry is sure of fails the transaction (a declined card is
   * answered with the Failed transaction, a refused CVV with `invalid-cvv`); when the outcome is
   * unknown (timeout) the transaction stays New for the reconciliation job to settle. A sandbox page
   * to go to is answered on `origin` (`sandboxPageAt`).
   */
  async function charge(
    row: TransactionRow,
    origin: string | undefined,
    ask: () => Promise<NextStep>,
  ): Promise<PayResponse> {
    const answer = (transaction: Transaction, next: Partial<NextStep> = {}): PayResponse => ({
      transaction,
      redirectUrl: next.redirectUrl ? sandboxPageAt(next.redirectUrl, origin) : null,
      referenceNumber: next.referenceNumber ?? null,
      expiresAt: next.expiresAt?.toISOString() ?? null,
      walletQr: next.walletQr ?? null,
    });
    if (row.amount === 0) {
      await status.apply(row.id, PaymentStatus.Paid, { source: 'api', payload: { free: true } });
      return answer(await view(row.id));
    }
    let next: NextStep;
    try {
      next = await ask();
    } catch (error) {
      if (!isFawryError(error) || error.outcomeUnknown) {
        log.warn(
          { err: error, transactionId: row.id },
          'Fawry charge outcome unknown; left for reconciliation',
        );
        throw error;
      }
      const reason = error.fawryDescription ?? error.message;
      await status.apply(row.id, PaymentStatus.Failed, {
        source: 'api',
        failureReason: reason,
        payload: { reason: error.reason, fawryStatusCode: error.fawryStatusCode },
      });
      if (error.reason === 'card-declined') {
        return answer(await view(row.id));
      }
      throw error;
    }
    await recordChargeAnswer(db, row.id, { fawryRefNumber: next.fawryRefNumber, expiresAt: next.expiresAt });
    if (next.card && !next.card.redirectUrl) {
      await applyDirectResult(row, next.card);
    }
    return answer(await view(row.id), next);
  }

  return {
    status,

    /** `POST /fawry/pay/card`: a saved card + CVV, at once or in 2 or 4 installments; 3-D Secure next. */
    async payByCard(user: UserRow, input: PayByCardInput, origin?: string): Promise<PayResponse> {
      const fawry = requireFawry();
      checkReturnUrl(input.returnUrl);
      const customer = customerOf(user, input.phone);
      const { row, description } = await startPurchase(user, { ...input, method: PaymentMethod.Card });
      return charge(row, origin, async () => {
        const result = await fawry.chargeCardToken({
          ...customer,
          merchantRefNum: row.id,
          amountPiasters: row.amount,
          description,
          cardToken: input.cardToken,
          cvv: input.cvv,
          returnUrl: input.returnUrl,
        });
        return {
          fawryRefNumber: result.referenceNumber,
          expiresAt: null,
          redirectUrl: result.redirectUrl,
          card: result,
        };
      });
    },

    /** `POST /fawry/pay/ref-num`: a reference number to pay in cash, valid for the configured hours. */
    async payByReference(user: UserRow, input: PayByReferenceInput): Promise<PayResponse> {
      const fawry = requireFawry();
      const customer = customerOf(user, input.phone);
      const { row, description } = await startPurchase(user, {
        ...input,
        method: PaymentMethod.Fawry,
        expires: true,
      });
      return charge(row, undefined, async () => {
        const result = await fawry.payAtFawry({
          ...customer,
          merchantRefNum: row.id,
          amountPiasters: row.amount,
          description,
          expiresAt: row.expiresAt ?? undefined,
        });
        return {
          fawryRefNumber: result.referenceNumber,
          referenceNumber: result.referenceNumber,
          expiresAt: result.expiresAt ?? row.expiresAt,
        };
      });
    },

    /** `POST /fawry/pay/e-wallet`: a request to the wallet behind `phone`, or a QR code without one. */
    async payByWallet(user: UserRow, input: PayByWalletInput): Promise<PayResponse> {
      const fawry = requireFawry();
      const customer = customerOf(user, input.phone);
      const { row, description } = await startPurchase(user, {
        ...input,
        method: PaymentMethod.EWallet,
        expires: true,
      });
      return charge(row, undefined, async () => {
        const result = await fawry.payWithWallet({
          ...customer,
          merchantRefNum: row.id,
          amountPiasters: row.amount,
          description,
          walletMobile: input.phone,
          expiresAt: row.expiresAt ?? undefined,
        });
        return {
          fawryRefNumber: result.referenceNumber,
          referenceNumber: result.referenceNumber,
          expiresAt: result.expiresAt ?? row.expiresAt,
          walletQr: result.walletQr,
        };
      });
    },

    /**
     * `GET /fawry/installment-plans`: the bank programmes Fawry offers that accept `amount` piasters, with
     * what each comes to (cached for a few minutes; `service-unavailable` when Fawry cannot be read).
     */
    async findInstallmentPlans(input: InstallmentPlansInput) {
      return { list: await installmentPlans.fitting(input.amount) };
    },

    /**
     * `POST /fawry/pay/bank-installments`: a saved card on a bank's 3- or 6-month programme. The
     * programme the buyer named (its id, or a length) is looked up in Fawry's list and checked against
     * the price after the coupon and the saved card's first digits, before anything is recorded.
     */
    async payByBankInstallments(
      user: UserRow,
      input: PayByBankInstallmentsInput,
      origin?: string,
    ): Promise<PayResponse> {
      const fawry = requireFawry();
      checkReturnUrl(input.returnUrl);
      const customer = customerOf(user, input.phone);
      if (input.upgradeOf !== undefined) {
        throw new AppError('subscription-upgrade-invalid', {
          message: 'An upgrade is paid at once (card, reference number or wallet)',
        });
      }
      if (!periodAllowsInstallments(input.period)) {
        throw new AppError('bad-request', {
          message: 'Installments are for quarter, half-year and year plans',
        });
      }
      const [programmes, cards] = await Promise.all([installmentPlans.list(), fawry.listCardTokens(user.id)]);
      // The bank's programme takes only its own cards: checked here, before anything is recorded.
      const card = cards.find((saved) => saved.token === input.cardToken);
      if (!card) {
        throw new AppError('not-found', { message: 'No such saved card' });
      }
      const { row, description } = await startPurchase(user, {
        ...input,
        method: PaymentMethod.BankInstallment,
        bankInstallment: (total) => installmentPlans.resolve(programmes, input, total, card.firstSixDigits),
      });
      const installmentPlanId = row.fawryInstallmentPlanId as number;
      return charge(row, origin, async () => {
        const result = await fawry.payWithBankInstallments({
          ...customer,
          merchantRefNum: row.id,
          amountPiasters: row.amount,
          description,
          cardToken: input.cardToken,
          cvv: input.cvv,
          returnUrl: input.returnUrl,
          installmentPlanId,
        });
        return {
          fawryRefNumber: result.referenceNumber,
          expiresAt: null,
          redirectUrl: result.redirectUrl,
          card: result,
        };
      });
    },

    /**
     * `POST /fawry/pay/installment`: pays the next installment of the caller's card installment plan
     * (every earlier one paid, no other attempt open).
     */
    async payInstallment(user: UserRow, input: PayInstallmentInput, origin?: string): Promise<PayResponse> {
      const fawry = requireFawry();
      checkReturnUrl(input.returnUrl);
      const customer = customerOf(user, undefined);
      const row = await db.transaction(async (tx) => {
        const found = await lockInstallment(tx, input.installmentId);
        if (!found || found.plan.userId !== user.id) {
          throw new AppError('not-found', { message: 'No such installment' });
        }
        const { installment, plan } = found;
        const parts = await findInstallmentsOfPlan(tx, plan.id);
        const unpaidBefore = parts.some((part) => part.index < installment.index && part.paidAt === null);
        if (installment.index === 1 || installment.paidAt || unpaidBefore) {
          throw new AppError('bad-request', { message: 'This installment is not the next one due' });
        }
        if (await hasLiveInstallmentAttempt(tx, installment.id)) {
          throw new AppError('bad-request', { message: 'A payment of this installment is already open' });
        }
        const planRow = await findPlan(tx, plan.planId);
        return insertTransaction(tx, {
          userId: user.id,
          planId: plan.planId,
          period: plan.period,
          amount: installment.amount,
          weeklyMinutes: planRow?.weeklyMinutes ?? 0,
          method: PaymentMethod.Card,
          installmentId: installment.id,
        });
      });
      return charge(row, origin, async () => {
        const result = await fawry.chargeCardToken({
          ...customer,
          merchantRefNum: row.id,
          amountPiasters: row.amount,
          description: `Hiwar installment ${row.installmentId}`,
          cardToken: input.cardToken,
          cvv: input.cvv,
          returnUrl: input.returnUrl,
        });
        return {
          fawryRefNumber: result.referenceNumber,
          expiresAt: null,
          redirectUrl: result.redirectUrl,
          card: result,
        };
      });
    },

    /**
     * `POST /fawry/cancel-unpaid-order`: the buyer (or a SuperAdmin) drops a purchase still awaiting
     * payment, at Fawry first. One Fawry no longer knows, or never knew, is cancelled here only; one
     * that turns out paid is brought up to date and refused.
     */
    async cancelUnpaidOrder(caller: UserRow, input: CancelInput): Promise<{ transaction: Transaction }> {
      const row = await findTransaction(db, input.transactionId);
      if (!row || (row.userId !== caller.id && caller.role !== Role.SuperAdmin)) {
        throw new AppError('transaction-not-found');
      }
      if (row.status !== PaymentStatus.New) {
        throw new AppError('bad-request', { message: 'Only a purchase awaiting payment can be cancelled' });
      }
      if (row.amount > 0) {
        const fawry = requireFawry();
        const state = row.fawryRefNumber ? null : await fawry.getPaymentStatus(row.id);
        const reference = row.fawryRefNumber ?? state?.fawryRefNumber ?? null;
        if (reference) {
          try {
            await fawry.cancelUnpaidOrder({ referenceNumber: reference });
          } catch (error) {
            if (!isFawryError(error) || error.reason !== 'not-found') {
              if (isFawryError(error) && error.reason === 'cannot-cancel') {
                await syncTransaction(row.id);
              }
              throw error;
            }
          }
        }
      }
      await status.apply(row.id, PaymentStatus.Canceled, {
        source: 'api',
        payload: { canceledBy: caller.id },
      });
      return { transaction: await view(row.id) };
    },

    /**
     * `POST /fawry/refund` (SuperAdmin): refunds at most paid − refunded. The transaction row stays
     * locked from the check to the recorded result, so two refunds never add up past what was paid;
     * Fawry's own notification of the refund then finds it applied.
     */
    async refund(staff: UserRow, input: RefundInput): Promise<{ transaction: Transaction }> {
      const fawry = requireFawry();
      const result = await db.transaction(async (tx) => {
        const row = await lockTransaction(tx, input.transactionId);
        if (!row) {
          throw new AppError('transaction-not-found');
        }
        const refundable = refundableAmount({ ...row, status: row.status as PaymentStatus });
        const amount = input.amount ?? refundable;
        if (refundable === 0 || amount > refundable || !row.fawryRefNumber) {
          throw new AppError('bad-request', {
            message: `At most ${refundable} piasters of this transaction can be refunded`,
          });
        }
        try {
          await fawry.refund({
            referenceNumber: row.fawryRefNumber,
            amountPiasters: amount,
            reason: input.reason,
          });
        } catch (error) {
          if (isFawryError(error) && error.outcomeUnknown) {
            log.error(
              { err: error, transactionId: row.id, amount },
              'refund outcome unknown: check at Fawry',
            );
          }
          throw error;
        }
        const updated = await addRefunded(tx, row.id, amount);
        const applied = await status.applyInTransaction(
          tx,
          row.id,
          statusAfterRefund(updated.amount, updated.refundedAmount),
          {
            source: 'api',
            payload: { refund: amount, refundedBy: staff.id, reason: input.reason ?? null },
          },
        );
        const answered = await recordSubscriptionRefund(tx, row, amount, staff.id);
        return { ...applied, answered };
      });
      status.announce(result);
      if (result.answered && deps.mailer) {
        const { broadcast, clock, mailer } = deps;
        await createSubscriptionManageService({
          db,
          broadcast,
          config,
          log,
          mailer,
          ...(clock ? { clock } : {}),
        })
          .tellRefunded(result.answered.requestId)
          .catch((error: unknown) => {
            log.warn({ err: error, transactionId: input.transactionId }, 'refund request answer not told');
          });
      }
      return { transaction: await view(input.transactionId) };
    },

    /**
     * `POST /fawry/notification`: Fawry's V2 server notification. Only the fields its signature covers
     * can refuse it (decision 0015): one missing is `bad-request`, a bad signature `forbidden`, and
     * neither changes anything. Unsigned fields are read leniently and what cannot be read is logged. An
     * unknown order, or one whose customer or amount disagree with ours, is logged and acknowledged
     * without effect; anything else is applied once.
     */
    async receiveNotification(body: unknown): Promise<{ ok: true }> {
      const parsed = requireFawry().verifyNotification(body);
      if (!parsed.ok) {
        if (parsed.error === 'bad-signature') {
          log.warn('Fawry notification with a bad signature refused');
          throw new AppError('forbidden', { message: 'Bad notification signature' });
        }
        log.warn({ issues: parsed.issues }, 'Fawry notification refused: a signed field is missing');
        throw new AppError('bad-request', { message: `Malformed notification: ${parsed.issues.join('; ')}` });
      }
      const { state } = parsed;
      if (state.oddities.length > 0) {
        log.warn(
          { merchantRefNumber: state.merchantRefNumber, oddities: state.oddities },
          'Fawry notification accepted with unreadable unsigned fields',
        );
      }
      const id = Number(state.merchantRefNumber);
      const row = Number.isSafeInteger(id) && id > 0 ? await findTransaction(db, id) : null;
      if (!row) {
        log.warn({ merchantRefNumber: state.merchantRefNumber }, 'Fawry notification for an unknown order');
        return { ok: true };
      }
      const mismatch = reportMismatch(row, state);
      if (mismatch || state.status === null) {
        log.error(
          { transactionId: row.id, orderStatus: state.orderStatus, amount: state.orderAmountPiasters },
          `Fawry notification not applied: ${mismatch}`,
        );
        return { ok: true };
      }
      await status.apply(row.id, state.status, {
        source: 'notification',
        payload: state.raw,
        fawryRefNumber: state.fawryRefNumber,
        failureReason: state.failureReason,
      });
      return { ok: true };
    },

    syncTransaction,

    /**
     * The reconciliation job: every unpaid transaction past its first minute is checked with Fawry.
     * Fawry's answer is applied; one past its expiry (the reference-number TTL setting, which cards
     * share) is cancelled at Fawry and marked Expired; one Fawry never heard of is Failed.
     */
    async reconcile(now = new Date()): Promise<{ checked: number; changed: number }> {
      const fawry = requireFawry();
      const settings = await readPlatformSettings(db);
      const ttlMs = settings.referenceNumberTtlHours * HOUR_MS;
      const open = await findOpenTransactions(db, new Date(now.getTime() - IN_FLIGHT_MS), 200);
      let changed = 0;
      for (const row of open) {
        try {
          const state = await fawry.getPaymentStatus(row.id);
          const report: StatusReport = {
            source: 'poll',
            payload: state?.raw ?? null,
            fawryRefNumber: state?.fawryRefNumber ?? null,
            failureReason: state?.failureReason ?? null,
          };
          let result: { applied: boolean } | null = null;
          const expiresAt = row.expiresAt?.getTime() ?? row.createdAt.getTime() + ttlMs;
          if (state?.status != null && state.status !== PaymentStatus.New) {
            if (isApplicablePoll(row, state)) {
              result = await status.apply(row.id, state.status, report);
            }
          } else if (state && expiresAt <= now.getTime()) {
            // Close it at Fawry first, so it cannot be paid after we gave up on it. The row stays locked
            // meanwhile (as a refund's does): Fawry's own CANCELED report for this cancellation waits,
            // then finds the transaction Expired and changes nothing.
            const expired = await db.transaction(async (tx) => {
              await lockTransaction(tx, row.id);
              await fawry
                .cancelUnpaidOrder({ referenceNumber: state.fawryRefNumber })
                .catch((error: unknown) => {
                  log.warn(
                    { err: error, transactionId: row.id },
                    'could not cancel an expired order at Fawry',
                  );
                });
              const after = await fawry.getPaymentStatus(row.id);
              if (after?.status !== PaymentStatus.Paid) {
                return status.applyInTransaction(tx, row.id, PaymentStatus.Expired, report);
              }
              // Paid at the last moment: applied when the answer is trustworthy; otherwise left for
              // the notification (never Expired: it may be paid).
              return isApplicablePoll(row, after)
                ? status.applyInTransaction(tx, row.id, PaymentStatus.Paid, { ...report, payload: after.raw })
                : { applied: false, transaction: row, subscription: null };
            });
            status.announce(expired);
            result = expired;
          } else if (!state && row.createdAt.getTime() <= now.getTime() - NEVER_REACHED_MS) {
            result = await status.apply(row.id, PaymentStatus.Failed, {
              ...report,
              failureReason: 'The order never reached Fawry',
            });
          }
          changed += result?.applied ? 1 : 0;
        } catch (error) {
          log.warn(
            { err: error, transactionId: row.id },
            'payment reconciliation failed for one transaction',
          );
        }
      }
      return { checked: open.length, changed };
    },

    /**
     * `POST /sub` (SuperAdmin): gives a student a plan for a period without payment, recorded as a
     * zero-amount transaction by that staff member and applied as Paid in the same database transaction.
     */
    async grantSubscription(staff: UserRow, input: GrantSubscriptionRequest) {
      const student = await findUserById(db, input.userId);
      if (!student || student.role !== Role.Student) {
        throw new AppError('student-not-found');
      }
      const plan = await findPlan(db, input.planId);
      if (!plan) {
        throw new AppError('plan-not-found');
      }
      const result = await db.transaction(async (tx) => {
        await lockUser(tx, student.id);
        const row = await insertTransaction(tx, {
          userId: student.id,
          planId: plan.id,
          period: input.period,
          amount: 0,
          weeklyMinutes: plan.weeklyMinutes,
          method: null,
          grantedBy: staff.id,
        });
        return status.applyInTransaction(tx, row.id, PaymentStatus.Paid, {
          source: 'staff',
          payload: { grantedBy: staff.id },
        });
      });
      status.announce(result);
      return toSubscription(result.subscription!);
    },

    /** One transaction: its buyer or an admin (others: `transaction-not-found`). */
    async getTransaction(id: number, caller: UserRow): Promise<{ transaction: Transaction }> {
      const found = await findTransactionView(db, id);
      if (!found || (found.userId !== caller.id && !isAdmin(caller))) {
        throw new AppError('transaction-not-found');
      }
      return { transaction: toTransaction(found) };
    },

    /** `GET /transaction/list`: your payments; admins everyone's, or one user's. */
    async findTransactions(query: FindTransactionsInput, caller: UserRow) {
      const userId = isAdmin(caller) ? query.userId : caller.id;
      if (!isAdmin(caller) && query.userId !== undefined && query.userId !== caller.id) {
        throw forbidden();
      }
      const { rows, total } = await findTransactionViews(db, { userId, status: query.status }, query);
      return { list: rows.map(toTransaction), total };
    },

    /** The caller's card installments and where each stands. */
    async findInstallments(user: UserRow): Promise<{ list: Installment[] }> {
      const rows = await findUserInstallments(db, user.id);
      return {
        list: rows.map((row) => ({
          id: row.installment.id,
          index: row.installment.index,
          count: row.count,
          amount: row.installment.amount,
          dueAt: row.installment.dueAt.toISOString(),
          transactionId: row.transactionId,
          paidAt: row.installment.paidAt?.toISOString() ?? null,
        })),
      };
    },

    /** The caller's saved cards, as Fawry lists them. */
    async listCards(user: UserRow): Promise<{ list: SavedCard[] }> {
      const cards = await requireFawry().listCardTokens(user.id);
      return {
        list: cards.map((card) => ({
          token: card.token,
          lastFourDigits: card.lastFourDigits ?? '',
          firstSixDigits: card.firstSixDigits ?? '',
          brand: card.brand ?? '',
          isDefault: card.isDefault,
          cardHolderName: card.cardHolderName,
          createdAt: card.createdAt?.toISOString() ?? null,
        })),
      };
    },

    /** Removes one of the caller's saved cards (someone else's token is `not-found`). */
    async deleteCard(user: UserRow, cardToken: string): Promise<{ ok: true }> {
      try {
        await requireFawry().deleteCardToken({ customerProfileId: user.id, cardToken });
      } catch (error) {
        if (isFawryError(error) && error.reason === 'card-not-found') {
          throw new AppError('not-found', { message: 'No such saved card', cause: error });
        }
        throw error;
      }
      return { ok: true };
    },

    /**
     * Fawry's add-card page for the caller, returning to the web app's /card-added on `origin` (the one
     * the caller opened the app on, from `requestWebOrigin`; `PUBLIC_WEB_URL`'s without it).
     */
    cardTokenizationUrl(user: UserRow, origin?: string): { url: string } {
      const web = origin ?? config.publicUrls.web.replace(/\/$/, '');
      const url = requireFawry().cardTokenizationUrl({
        customerProfileId: user.id,
        returnUrl: `${web}/card-added`,
      });
      return { url: sandboxPageAt(url, origin) };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
