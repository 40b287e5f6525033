import { createHash, randomBytes, randomInt } from 'node:crypto';
import { piastersToNumber } from '../amounts.ts';
import { signNotificationV2 } from '../signatures.ts';
import type { FawryNotificationV2Wire } from '../types.ts';
import { cardBehaviour, cardBrand } from './cards.ts';
import {
  createMemorySandboxStore,
  type SandboxCard,
  type SandboxDelivery,
  type SandboxOrder,
  type SandboxOrderKind,
  type SandboxOrderStatus,
  type SandboxSource,
  type SandboxStore,
} from './model.ts';

export interface FawrySandboxRetry {
  /** Total delivery attempts per notification (first one included). Default 5. */
  attempts: number;
  /** Waits before the 2nd, 3rd… attempt; the last value repeats. Default 2 s, 10 s, 1 min, 5 min. */
  delaysMs: number[];
}

/** Faults the control API can inject (each consumed once per `times`). */
export type SandboxFault = 'http-500' | 'hang' | 'bad-notification-signature';

export interface FawrySandboxOptions {
  /** Must equal the client's merchant code. */
  merchantCode: string;
  /** Must equal the client's secure key. */
  secureKey: string;
  /** Account-level notification URL: our webhook. An order's `orderWebHookUrl` replaces it. */
  notificationUrl?: string;
  /**
   * Public address of the mounted sandbox (e.g. `http://localhost:4000/fawry-sandbox`), used in links
   * such as the 3-D Secure `redirectUrl`. Default: derived from each request's host and the prefix.
   */
  publicBaseUrl?: string;
  /** Expiry of a reference number (and of any order sent without `paymentExpiry`). Default 48 h. */
  referenceNumberTtlMs?: number;
  clock?: () => Date;
  store?: SandboxStore;
  /** Sends one notification; default `fetch` POST JSON. Only HTTP 200 acknowledges it. */
  notify?: (url: string, body: FawryNotificationV2Wire) => Promise<{ status: number }>;
  retry?: Partial<FawrySandboxRetry>;
  /** Wait before the first delivery attempt (deliveries always start after the API answer). Default 0. */
  notificationDelayMs?: number;
  /** Timeout of one delivery attempt. Default 10 s. */
  notificationTimeoutMs?: number;
  /** Fawry's fee for an order, in piasters (paymentAmount = orderAmount + fee). Default 0. */
  fees?: (order: { kind: SandboxOrderKind; amountPiasters: number }) => number;
  /** How often due orders are expired by a timer; false disables the timer. Default 60 s. */
  expirySweepMs?: number | false;
  /** Delay before a refund's status change is visible and notified (status v2 lag). Default 0. */
  refundSettleDelayMs?: number;
  /** statusCode for a reused merchantRefNum (U8: Fawry's real code is unknown). Default 9999. */
  duplicateMerchantRefNumCode?: number;
  /** When set, the control API requires `Authorization: Bearer <controlToken>`. */
  controlToken?: string;
  /** Where delivery failures and sweep errors are reported. Default: silent. */
  log?: { warn: (details: object, message: string) => void };
}

/** A refusal by the state machine (the control API answers 409 with it). */
export class SandboxTransitionError extends Error {
  constructor(
    readonly order: SandboxOrder,
    readonly to: SandboxOrderStatus,
  ) {
    super(`Order ${order.merchantRefNum} cannot move from ${order.status} to ${to}`);
    this.name = 'SandboxTransitionError';
  }
}

/** §5.2: the moves Fawry's order state machine allows. */
const MOVES: Readonly<Record<SandboxOrderStatus, readonly SandboxOrderStatus[]>> = {
  NEW: ['PAID', 'CANCELED', 'EXPIRED', 'FAILED'],
  UNPAID: ['PAID', 'CANCELED', 'EXPIRED', 'FAILED'],
  PAID: ['REFUNDED', 'PARTIAL_REFUNDED'],
  PARTIAL_REFUNDED: ['PARTIAL_REFUNDED', 'REFUNDED'],
  CANCELED: [],
  EXPIRED: [],
  FAILED: [],
  REFUNDED: [],
};

export function isUnpaid(order: SandboxOrder): boolean {
  return order.status === 'NEW' || order.status === 'UNPAID';
}

export interface NewOrderInput {
  merchantRefNum: string;
  kind: SandboxOrderKind;
  paymentMethod: string;
  customerProfileId: string | null;
  customerName: string | null;
  customerMobile: string | null;
  customerEmail: string | null;
  description: string;
  items: SandboxOrder['items'];
  amountPiasters: number;
  paymentExpiry: number | null;
  returnUrl: string | null;
  webhookUrl: string | null;
  cardToken: string | null;
  installmentPlanId: number | null;
  installmentMonths: number | null;
  installmentInterestPiasters: number;
  debitMobileWalletNo: string | null;
  /** Create directly as FAILED (an immediate issuer decline). */
  failure?: { code: number; reason: string };
}

/**
 * The sandbox's state: orders and their state machine, saved cards, notification deliveries with
 * retries, expiry and injected faults. The Fastify plugin (plugin.ts) exposes it over Fawry's paths;
 * tests may also drive it directly.
 */
export class FawrySandbox {
  readonly merchantCode: string;
  readonly secureKey: string;
  readonly store: SandboxStore;
  readonly options: FawrySandboxOptions;
  private readonly retry: FawrySandboxRetry;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sweep: NodeJS.Timeout | null;
  private pendingDeliveries = 0;
  private idleWaiters: (() => void)[] = [];
  private readonly faults: SandboxFault[] = [];
  private readonly hangs = new Set<() => void>();
  private closed = false;

  constructor(options: FawrySandboxOptions) {
    if (!options.merchantCode || !options.secureKey) {
      throw new TypeError('The Fawry sandbox needs a merchantCode and a secureKey');
    }
    this.options = options;
    this.merchantCode = options.merchantCode;
    this.secureKey = options.secureKey;
    this.store = options.store ?? createMemorySandboxStore();
    this.retry = {
      attempts: options.retry?.attempts ?? 5,
      delaysMs: options.retry?.delaysMs ?? [2_000, 10_000, 60_000, 300_000],
    };
    const sweepMs = options.expirySweepMs ?? 60_000;
    this.sweep =
      sweepMs === false
        ? null
        : setInterval(() => {
            this.expireDue().catch((error: unknown) =>
              this.options.log?.warn({ err: error }, 'expiry sweep failed'),
            );
          }, sweepMs);
    this.sweep?.unref();
  }

  now(): number {
    return (this.options.clock?.() ?? new Date()).getTime();
  }

  /** Runs `task` alone: every order/card change goes through here, so concurrent requests cannot race. */
  exclusive<T>(task: () => Promise<T> | T): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  // ------------------------------------------------------------------------------------------------
  // Orders

  /** The order by merchantRefNum or Fawry reference number, expired first if its time has passed. */
  findOrder(ref: string): Promise<SandboxOrder | undefined> {
    return this.exclusive(async () => {
      const order = await this.load(ref);
      return order ? this.expireIfDue(order) : undefined;
    });
  }

  listOrders(): Promise<SandboxOrder[]> {
    return this.exclusive(async () => {
      const orders = await this.store.listOrders();
      const result: SandboxOrder[] = [];
      for (const order of orders) {
        result.push(await this.expireIfDue(order));
      }
      return result.sort((a, b) => b.createdAt - a.createdAt);
    });
  }

  /** Creates an order (NEW for cards, UNPAID otherwise) and notifies; null when the merchantRefNum is used. */
  createOrder(input: NewOrderInput): Promise<SandboxOrder | null> {
    return this.exclusive(async () => {
      if (await this.store.getOrder(input.merchantRefNum)) {
        return null;
      }
      const now = this.now();
      const fee = this.options.fees?.({ kind: input.kind, amountPiasters: input.amountPiasters }) ?? 0;
      if (!Number.isSafeInteger(fee) || fee < 0) {
        throw new RangeError('The sandbox fee rule must return non-negative integer piasters');
      }
      const status: SandboxOrderStatus = input.failure ? 'FAILED' : input.kind === 'CARD' ? 'NEW' : 'UNPAID';
      const order: SandboxOrder = {
        merchantRefNum: input.merchantRefNum,
        fawryRefNumber: await this.newFawryRefNumber(),
        kind: input.kind,
        paymentMethod: input.paymentMethod,
        customerProfileId: input.customerProfileId,
        customerName: input.customerName,
        customerMobile: input.customerMobile,
        customerEmail: input.customerEmail,
        description: input.description,
        items: input.items,
        orderAmountPiasters: input.amountPiasters,
        fawryFeesPiasters: fee,
        installmentInterestPiasters: input.installmentInterestPiasters,
        paymentAmountPiasters: input.amountPiasters + fee + input.installmentInterestPiasters,
        refundedPiasters: 0,
        status,
        createdAt: now,
        expiresAt: input.paymentExpiry ?? now + (this.options.referenceNumberTtlMs ?? 48 * 60 * 60 * 1000),
        paymentTime: null,
        paymentRefrenceNumber: null,
        authNumber: null,
        failureErrorCode: input.failure?.code ?? null,
        failureReason: input.failure?.reason ?? null,
        returnUrl: input.returnUrl,
        webhookUrl: input.webhookUrl,
        cardToken: input.cardToken,
        installmentPlanId: input.installmentPlanId,
        installmentMonths: input.installmentMonths,
        debitMobileWalletNo: input.debitMobileWalletNo,
        history: [{ status, at: now, source: 'api', note: 'created' }],
      };
      await this.store.putOrder(order);
      await this.notify(order);
      return order;
    });
  }

  /** The customer paid (cash at an outlet, wallet confirmation, 3-D Secure approval, or control). */
  pay(ref: string, source: SandboxSource): Promise<SandboxOrder | undefined> {
    return this.mutate(ref, async (order) => {
      const paid = await this.transition(order, 'PAID', source, {
        paymentTime: this.now(),
        paymentRefrenceNumber: String(randomInt(10_000_000, 100_000_000)),
        authNumber: order.kind === 'CARD' ? String(randomInt(100_000, 1_000_000)) : null,
      });
      return paid;
    });
  }

  /** The payment failed (3-D Secure or issuer decline, or control). */
  fail(
    ref: string,
    source: SandboxSource,
    code = 99907,
    reason = 'Declined by issuing bank',
  ): Promise<SandboxOrder | undefined> {
    return this.mutate(ref, (order) =>
      this.transition(order, 'FAILED', source, { failureErrorCode: code, failureReason: reason }),
    );
  }

  /** Forces expiry now (control), whatever the order's expiry time. */
  expire(ref: string, source: SandboxSource): Promise<SandboxOrder | undefined> {
    return this.mutate(ref, (order) => this.transition(order, 'EXPIRED', source, {}));
  }

  /** Cancels an unpaid order (the cancel-unpaid-order API or control). */
  cancel(ref: string, source: SandboxSource): Promise<SandboxOrder | undefined> {
    return this.mutate(ref, (order) => this.transition(order, 'CANCELED', source, {}));
  }

  /**
   * Refunds part or all of a paid order. Throws a RangeError when the amount is not positive or exceeds
   * paid − already refunded, and a SandboxTransitionError when the order is not paid.
   */
  refund(ref: string, amountPiasters: number, source: SandboxSource): Promise<SandboxOrder | undefined> {
    return this.mutate(ref, async (order) => {
      if (order.status !== 'PAID' && order.status !== 'PARTIAL_REFUNDED') {
        throw new SandboxTransitionError(order, 'REFUNDED');
      }
      const refundable = order.paymentAmountPiasters - order.refundedPiasters;
      if (!Number.isSafeInteger(amountPiasters) || amountPiasters <= 0 || amountPiasters > refundable) {
        throw new RangeError(`Refund of ${amountPiasters} piasters exceeds the refundable ${refundable}`);
      }
      order.refundedPiasters += amountPiasters;
      const settle = this.options.refundSettleDelayMs ?? 0;
      if (settle <= 0) {
        return this.transition(order, this.refundStatus(order), source, {});
      }
      await this.store.putOrder(order);
      this.later(settle, () =>
        this.mutate(order.merchantRefNum, async (current) =>
          current.status === 'REFUNDED'
            ? current
            : this.transition(current, this.refundStatus(current), source, {}),
        ),
      );
      return order;
    });
  }

  /** Expires every unpaid order whose time has passed; answers the expired orders. */
  expireDue(): Promise<SandboxOrder[]> {
    return this.exclusive(async () => {
      const expired: SandboxOrder[] = [];
      for (const order of await this.store.listOrders()) {
        if (isUnpaid(order) && order.expiresAt <= this.now()) {
          expired.push(await this.transition(order, 'EXPIRED', 'expiry', {}));
        }
      }
      return expired;
    });
  }

  private refundStatus(order: SandboxOrder): SandboxOrderStatus {
    return order.refundedPiasters >= order.paymentAmountPiasters ? 'REFUNDED' : 'PARTIAL_REFUNDED';
  }

  private mutate(
    ref: string,
    change: (order: SandboxOrder) => Promise<SandboxOrder>,
  ): Promise<SandboxOrder | undefined> {
    return this.exclusive(async () => {
      const found = await this.load(ref);
      if (!found) {
        return undefined;
      }
      return change(await this.expireIfDue(found));
    });
  }

  private async load(ref: string): Promise<SandboxOrder | undefined> {
    return (await this.store.getOrder(ref)) ?? (await this.store.getOrderByFawryRef(ref));
  }

  private async expireIfDue(order: SandboxOrder): Promise<SandboxOrder> {
    if (isUnpaid(order) && order.expiresAt <= this.now()) {
      return this.transition(order, 'EXPIRED', 'expiry', {});
    }
    return order;
  }

  private async transition(
    order: SandboxOrder,
    to: SandboxOrderStatus,
    source: SandboxSource,
    patch: Partial<SandboxOrder>,
  ): Promise<SandboxOrder> {
    if (!MOVES[order.status].includes(to)) {
      throw new SandboxTransitionError(order, to);
    }
    const next: SandboxOrder = {
      ...order,
      ...patch,
      status: to,
      history: [...order.history, { status: to, at: this.now(), source }],
    };
    await this.store.putOrder(next);
    await this.notify(next);
    return next;
  }

  private async newFawryRefNumber(): Promise<string> {
    for (;;) {
      const candidate = String(randomInt(100_000_000, 1_000_000_000));
      if (!(await this.store.getOrderByFawryRef(candidate))) {
        return candidate;
      }
    }
  }

  // ------------------------------------------------------------------------------------------------
  // Cards

  listCards(customerProfileId: string): Promise<SandboxCard[]> {
    return this.exclusive(async () => this.store.listCards(customerProfileId));
  }

  /** Saves a card for a customer (the tokenization page); the same number again keeps its token. */
  addCard(input: {
    customerProfileId: string;
    cardNumber: string;
    expiryMonth: string;
    expiryYear: string;
    cardHolderName: string;
  }): Promise<SandboxCard> {
    return this.exclusive(async () => {
      const cards = await this.store.listCards(input.customerProfileId);
      const fingerprint = createHash('sha256').update(input.cardNumber).digest('hex');
      const existing = cards.find((card) => card.fingerprint === fingerprint);
      const card: SandboxCard = {
        token: existing?.token ?? randomBytes(32).toString('hex'),
        customerProfileId: input.customerProfileId,
        creationDate: existing?.creationDate ?? this.now(),
        firstSixDigits: input.cardNumber.slice(0, 6),
        lastFourDigits: input.cardNumber.slice(-4),
        brand: cardBrand(input.cardNumber),
        cardHolderName: input.cardHolderName,
        isDefault: existing?.isDefault ?? cards.length === 0,
        expiryMonth: input.expiryMonth,
        expiryYear: input.expiryYear,
        fingerprint,
        behaviour: cardBehaviour(input.cardNumber),
      };
      const others = cards.filter((other) => other.fingerprint !== fingerprint);
      await this.store.putCards(input.customerProfileId, [...others, card]);
      return card;
    });
  }

  /** Deletes a token; false when the customer has no such card. */
  deleteCard(customerProfileId: string, token: string): Promise<boolean> {
    return this.exclusive(async () => {
      const cards = await this.store.listCards(customerProfileId);
      const removed = cards.find((card) => card.token === token);
      if (!removed) {
        return false;
      }
      const rest = cards.filter((card) => card.token !== token);
      if (removed.isDefault && rest[0]) {
        rest[0].isDefault = true;
      }
      await this.store.putCards(customerProfileId, rest);
      return true;
    });
  }

  // ------------------------------------------------------------------------------------------------
  // Notifications (§4, §10.6)

  /** The V2 payload of an order now, signed (also the status v2 body). */
  buildNotification(order: SandboxOrder): FawryNotificationV2Wire {
    const paymentMethod = order.kind === 'MWALLET' ? 'Mobile Wallet' : order.paymentMethod;
    const paid = order.paymentTime !== null;
    const payload: FawryNotificationV2Wire = {
      requestId: randomBytes(16).toString('hex'),
      fawryRefNumber: order.fawryRefNumber,
      merchantRefNumber: order.merchantRefNum,
      customerName: order.customerName ?? '',
      customerMobile: order.customerMobile ?? '',
      customerMail: order.customerEmail ?? '',
      customerMerchantId: order.customerProfileId ?? '',
      paymentAmount: piastersToNumber(order.paymentAmountPiasters),
      orderAmount: piastersToNumber(order.orderAmountPiasters),
      fawryFees: piastersToNumber(order.fawryFeesPiasters),
      shippingFees: 0,
      orderStatus: order.status,
      paymentMethod,
      paymentRefrenceNumber: order.paymentRefrenceNumber ?? '',
      orderExpiryDate: order.expiresAt,
      orderItems: order.items.map((item) => ({
        itemCode: item.itemId,
        price: piastersToNumber(item.pricePiasters),
        quantity: item.quantity,
      })),
      messageSignature: signNotificationV2(
        {
          fawryRefNumber: order.fawryRefNumber,
          merchantRefNumber: order.merchantRefNum,
          paymentAmountPiasters: order.paymentAmountPiasters,
          orderAmountPiasters: order.orderAmountPiasters,
          orderStatus: order.status,
          paymentMethod,
          paymentRefrenceNumber: order.paymentRefrenceNumber,
        },
        this.secureKey,
      ),
    };
    if (paid) {
      payload.paymentTime = order.paymentTime as number;
    }
    if (order.authNumber) {
      payload.authNumber = order.authNumber;
    }
    if (order.status === 'FAILED') {
      payload.failureErrorCode = order.failureErrorCode ?? 99907;
      payload.failureReason = order.failureReason ?? 'Declined';
    }
    if (order.kind === 'CARD' && (paid || order.status === 'FAILED')) {
      payload.threeDSInfo = {
        eci: paid ? '05' : '07',
        enrolled: 'Y',
        status: paid ? 'Y' : 'N',
        verStatus: paid ? 'Y' : 'N',
        verType: '3DS',
        version: '2.2.0',
        command: 'pay',
        message: paid ? 'Approved' : 'Declined',
      };
    }
    if (order.installmentMonths) {
      payload.installmentMonths = order.installmentMonths;
      payload.installmentInterestAmount = piastersToNumber(order.installmentInterestPiasters);
    }
    return payload;
  }

  /** Deliveries, newest first. */
  async listDeliveries(): Promise<SandboxDelivery[]> {
    const deliveries = await this.store.listDeliveries();
    return deliveries.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  }

  /** Sends a delivered notification again, `times` times, with the same requestId and signature. */
  async redeliver(id: string, times = 1): Promise<SandboxDelivery[] | undefined> {
    const original = await this.store.getDelivery(id);
    if (!original) {
      return undefined;
    }
    const copies: SandboxDelivery[] = [];
    for (let i = 0; i < times; i++) {
      copies.push(await this.startDelivery(original.payload, original.url, original.id));
    }
    return copies;
  }

  /** Resolves once no notification is waiting for a (re)try. */
  settled(): Promise<void> {
    if (this.pendingDeliveries === 0) {
      return Promise.resolve();
    }
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async notify(order: SandboxOrder): Promise<void> {
    const payload = this.buildNotification(order);
    if (this.takeFault('bad-notification-signature')) {
      payload.messageSignature = '0'.repeat(64);
    }
    await this.startDelivery(payload, order.webhookUrl ?? this.options.notificationUrl ?? null, null);
  }

  private async startDelivery(
    payload: FawryNotificationV2Wire,
    url: string | null,
    redeliveryOf: string | null,
  ): Promise<SandboxDelivery> {
    const delivery: SandboxDelivery = {
      id: randomBytes(8).toString('hex'),
      requestId: String(payload.requestId ?? ''),
      url,
      merchantRefNumber: String(payload.merchantRefNumber),
      fawryRefNumber: String(payload.fawryRefNumber),
      orderStatus: payload.orderStatus,
      payload,
      state: url ? 'pending' : 'failed',
      attempts: [],
      createdAt: this.now(),
      redeliveryOf,
    };
    if (!url) {
      delivery.attempts.push({ at: this.now(), httpStatus: null, error: 'no notification URL configured' });
    }
    await this.store.putDelivery(delivery);
    if (url && !this.closed) {
      this.pendingDeliveries++;
      this.later(this.options.notificationDelayMs ?? 0, () => this.attempt(delivery.id, url, payload));
    }
    return delivery;
  }

  private async attempt(id: string, url: string, payload: FawryNotificationV2Wire): Promise<void> {
    let httpStatus: number | null = null;
    let error: string | null = null;
    try {
      const send =
        this.options.notify ??
        ((target: string, body: FawryNotificationV2Wire) =>
          fetch(target, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(this.options.notificationTimeoutMs ?? 10_000),
          }));
      const response = await send(url, payload);
      httpStatus = response.status;
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const delivery = await this.store.getDelivery(id);
    if (!delivery) {
      this.deliveryDone();
      return; // reset meanwhile
    }
    delivery.attempts.push({ at: this.now(), httpStatus, error });
    const acknowledged = httpStatus === 200;
    const more = !acknowledged && delivery.attempts.length < this.retry.attempts && !this.closed;
    delivery.state = acknowledged ? 'delivered' : more ? 'pending' : this.closed ? 'canceled' : 'failed';
    await this.store.putDelivery(delivery);
    if (!acknowledged && !more) {
      this.options.log?.warn(
        { url, httpStatus, error, deliveryId: id },
        'Fawry sandbox notification not acknowledged',
      );
    }
    if (more) {
      const delays = this.retry.delaysMs;
      const wait = delays[Math.min(delivery.attempts.length - 1, delays.length - 1)] ?? 0;
      this.later(wait, () => this.attempt(id, url, payload));
      return;
    }
    this.deliveryDone();
  }

  private deliveryDone(): void {
    this.pendingDeliveries--;
    if (this.pendingDeliveries === 0) {
      for (const resolve of this.idleWaiters.splice(0)) {
        resolve();
      }
    }
  }

  private later(delayMs: number, task: () => Promise<unknown>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      task().catch((error: unknown) =>
        this.options.log?.warn({ err: error }, 'Fawry sandbox background task failed'),
      );
    }, delayMs);
    this.timers.add(timer);
  }

  // ------------------------------------------------------------------------------------------------
  // Faults, reset, close

  injectFault(fault: SandboxFault, times = 1): void {
    for (let i = 0; i < times; i++) {
      this.faults.push(fault);
    }
  }

  /** Consumes one injected fault of that kind, if any. */
  takeFault(fault: SandboxFault): boolean {
    const index = this.faults.indexOf(fault);
    if (index === -1) {
      return false;
    }
    this.faults.splice(index, 1);
    return true;
  }

  /**
   * Waits (a "hang" fault) until `abandoned` settles — the caller gave up and closed the connection —
   * or the sandbox closes, so the caller's timeout fires first.
   */
  hang(abandoned: Promise<unknown>): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) {
        resolve();
        return;
      }
      const release = () => {
        this.hangs.delete(release);
        resolve();
      };
      this.hangs.add(release);
      abandoned.then(release, release);
    });
  }

  /** Ends every hanging request now. */
  releaseHangs(): void {
    for (const release of [...this.hangs]) {
      release();
    }
  }

  /** Forgets every order, card, delivery and fault; cancels pending retries. */
  reset(): Promise<void> {
    return this.exclusive(async () => {
      this.cancelTimers();
      this.faults.length = 0;
      await this.store.reset();
    });
  }

  /** Stops the sweep, retries and hangs (the plugin calls it when Fastify closes). */
  close(): void {
    this.closed = true;
    if (this.sweep) {
      clearInterval(this.sweep);
    }
    this.cancelTimers();
    this.releaseHangs();
  }

  private cancelTimers(): void {
    for (const timer of this.timers) {
      clearTimeout(timer);
    }
    this.timers.clear();
    this.pendingDeliveries = 0;
    for (const resolve of this.idleWaiters.splice(0)) {
      resolve();
    }
  }
}

/** Creates the sandbox state (see the `fawrySandbox` plugin to serve it). */
export function createFawrySandbox(options: FawrySandboxOptions): FawrySandbox {
  return new FawrySandbox(options);
}
