import type { FawryNotificationV2Wire } from '../types.ts';

/** Order statuses the sandbox moves through (fawry-api.md §5.2). */
export type SandboxOrderStatus =
  | 'NEW'
  | 'UNPAID'
  | 'PAID'
  | 'CANCELED'
  | 'EXPIRED'
  | 'FAILED'
  | 'REFUNDED'
  | 'PARTIAL_REFUNDED';

/** Which kind of charge created the order. */
export type SandboxOrderKind = 'PAYATFAWRY' | 'CARD' | 'MWALLET';

/** Who moved an order: a Fawry API call, a payer page, the control API, or the expiry sweep. */
export type SandboxSource = 'api' | 'page' | 'control' | 'expiry';

export interface SandboxOrderItem {
  itemId: string;
  description: string;
  pricePiasters: number;
  quantity: number;
}

/** One order as the sandbox keeps it (doc §10.2). Money in piasters, instants in epoch ms. */
export interface SandboxOrder {
  merchantRefNum: string;
  /** Fawry's 9-digit reference number (referenceNumber / fawryRefNumber / orderRefNo). */
  fawryRefNumber: string;
  kind: SandboxOrderKind;
  /** As sent (e.g. "PayAtFawry"); notifications report wallets as "Mobile Wallet". */
  paymentMethod: string;
  customerProfileId: string | null;
  customerName: string | null;
  customerMobile: string | null;
  customerEmail: string | null;
  description: string;
  items: SandboxOrderItem[];
  orderAmountPiasters: number;
  fawryFeesPiasters: number;
  installmentInterestPiasters: number;
  /** orderAmount + fees + installment interest: what the customer pays. */
  paymentAmountPiasters: number;
  refundedPiasters: number;
  status: SandboxOrderStatus;
  createdAt: number;
  expiresAt: number;
  paymentTime: number | null;
  paymentRefrenceNumber: string | null;
  authNumber: string | null;
  failureErrorCode: number | null;
  failureReason: string | null;
  returnUrl: string | null;
  webhookUrl: string | null;
  cardToken: string | null;
  installmentPlanId: number | null;
  installmentMonths: number | null;
  debitMobileWalletNo: string | null;
  history: { status: SandboxOrderStatus; at: number; source: SandboxSource; note?: string }[];
}

/** How an emulator test card behaves when charged (emulator-only; not Fawry staging cards). */
export type SandboxCardBehaviour = 'approve' | 'decline' | 'insufficient-funds' | 'frictionless';

/** A saved card (token) of one customer. The card number itself is never kept. */
export interface SandboxCard {
  token: string;
  customerProfileId: string;
  creationDate: number;
  firstSixDigits: string;
  lastFourDigits: string;
  brand: string;
  cardHolderName: string;
  isDefault: boolean;
  expiryMonth: string;
  expiryYear: string;
  /** sha256 of the card number: one token per card and customer. */
  fingerprint: string;
  behaviour: SandboxCardBehaviour;
}

export interface SandboxDeliveryAttempt {
  at: number;
  httpStatus: number | null;
  error: string | null;
}

/** One notification sent (or being sent) to a webhook, with every attempt. */
export interface SandboxDelivery {
  id: string;
  requestId: string;
  url: string | null;
  merchantRefNumber: string;
  fawryRefNumber: string;
  orderStatus: string;
  payload: FawryNotificationV2Wire;
  state: 'pending' | 'delivered' | 'failed' | 'canceled';
  attempts: SandboxDeliveryAttempt[];
  createdAt: number;
  /** Set when this is a control-API redelivery of another delivery. */
  redeliveryOf: string | null;
}

type MaybePromise<T> = T | Promise<T>;

/**
 * Where the sandbox keeps its state. The default is in memory (lost on restart); implement this to
 * persist it (a JSON file, a table). The sandbox serialises all order and card changes itself, so an
 * implementation needs no locking of its own.
 */
export interface SandboxStore {
  getOrder(merchantRefNum: string): MaybePromise<SandboxOrder | undefined>;
  getOrderByFawryRef(fawryRefNumber: string): MaybePromise<SandboxOrder | undefined>;
  putOrder(order: SandboxOrder): MaybePromise<void>;
  listOrders(): MaybePromise<SandboxOrder[]>;
  listCards(customerProfileId: string): MaybePromise<SandboxCard[]>;
  putCards(customerProfileId: string, cards: SandboxCard[]): MaybePromise<void>;
  getDelivery(id: string): MaybePromise<SandboxDelivery | undefined>;
  putDelivery(delivery: SandboxDelivery): MaybePromise<void>;
  listDeliveries(): MaybePromise<SandboxDelivery[]>;
  reset(): MaybePromise<void>;
}

/** The default store: Maps, with copies in and out so callers cannot mutate stored state by accident. */
export function createMemorySandboxStore(): SandboxStore {
  const orders = new Map<string, SandboxOrder>();
  const byFawryRef = new Map<string, string>();
  const cards = new Map<string, SandboxCard[]>();
  const deliveries = new Map<string, SandboxDelivery>();
  return {
    getOrder: (merchantRefNum) => copy(orders.get(merchantRefNum)),
    getOrderByFawryRef: (fawryRefNumber) => {
      const merchantRefNum = byFawryRef.get(fawryRefNumber);
      return merchantRefNum === undefined ? undefined : copy(orders.get(merchantRefNum));
    },
    putOrder: (order) => {
      orders.set(order.merchantRefNum, structuredClone(order));
      byFawryRef.set(order.fawryRefNumber, order.merchantRefNum);
    },
    listOrders: () => [...orders.values()].map((order) => structuredClone(order)),
    listCards: (customerProfileId) => structuredClone(cards.get(customerProfileId) ?? []),
    putCards: (customerProfileId, list) => {
      cards.set(customerProfileId, structuredClone(list));
    },
    getDelivery: (id) => copy(deliveries.get(id)),
    putDelivery: (delivery) => {
      deliveries.set(delivery.id, structuredClone(delivery));
    },
    listDeliveries: () => [...deliveries.values()].map((delivery) => structuredClone(delivery)),
    reset: () => {
      orders.clear();
      byFawryRef.clear();
      cards.clear();
      deliveries.clear();
    },
  };
}

function copy<T>(value: T | undefined): T | undefined {
  return value === undefined ? undefined : structuredClone(value);
}
