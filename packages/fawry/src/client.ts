import { randomBytes } from 'node:crypto';
import { PaymentStatus } from '@hiwar/domain';
import type { z } from 'zod';
import { formatFawryAmount, tryParseFawryAmount } from './amounts.ts';
import { describeFawryStatusCode, FawryError, type FawryOperation, fawryErrorFromStatus } from './errors.ts';
import {
  type FawryPaymentState,
  type ParseNotificationResult,
  parseFawryNotification,
  readFawryPaymentState,
} from './notifications.ts';
import {
  type FawryId,
  signaturesMatch,
  signCancelUnpaidOrder,
  signCardTokenCharge,
  signChargeResponse,
  signDeleteCardToken,
  signInstallmentCharge,
  signListCardTokens,
  signPayAtFawryCharge,
  signPaymentStatusInquiry,
  signRefund,
  signWalletCharge,
  verifyNotificationSignature,
} from './signatures.ts';
import {
  CardTokenChargeResponseSchema,
  DeleteCardTokenResponseSchema,
  FawryErrorBodySchema,
  type FawryLang,
  InstallmentChargeResponseSchema,
  type InstallmentPlanLink,
  InstallmentPlansResponseSchema,
  ListCardTokensResponseSchema,
  mapFawryOrderStatus,
  PayAtFawryChargeResponseSchema,
  PaymentStatusV2ResponseSchema,
  RefundResponseSchema,
  WalletChargeResponseSchema,
} from './types.ts';

/** Fawry's paths (fawry-api.md §3), relative to the base URL. */
export const FAWRY_PATHS = {
  charge: '/ECommerceWeb/Fawry/payments/charge',
  walletCharge: '/ECommerceWeb/api/payments/charge',
  paymentStatusV2: '/ECommerceWeb/Fawry/payments/status/v2',
  paymentStatusV1: '/ECommerceWeb/Fawry/payments/status',
  cancelUnpaidOrder: '/ECommerceWeb/api/orders/cancel-unpaid-order',
  refund: '/ECommerceWeb/Fawry/payments/refund',
  cardTokens: '/ECommerceWeb/Fawry/cards/cardToken',
  installmentPlans: '/ECommerceWeb/api/merchant/installment-plans',
  cardTokenization: '/atfawry/plugin/card-token',
} as const;

/** Fawry's real hosts (§1). */
export const FAWRY_BASE_URLS = {
  staging: 'https://atfawry.fawrystaging.com',
  production: 'https://www.atfawry.com',
} as const;

export interface FawryClientOptions {
  /** `https://atfawry.fawrystaging.com`, `https://www.atfawry.com`, or the sandbox `${webUrl}/fawry-sandbox`. */
  baseUrl: string;
  merchantCode: string;
  /** Never sent; only appended to signature strings. */
  secureKey: string;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Per request, including reading the body. Default 15 s. */
  timeoutMs?: number;
  /** Default 3-D Secure return page (signed into card charges), e.g. `${webUrl}/payments/3ds-return`. */
  returnUrl?: string;
  /** Default `language`/`lang`: "ar-eg". */
  language?: FawryLang;
  /** Default per-order notification URL (`orderWebHookUrl`), e.g. our webhook. */
  orderWebHookUrl?: string;
}

/** One line of a charge; prices in piasters. */
export interface ChargeItemInput {
  itemId: string;
  description: string;
  pricePiasters: number;
  quantity: number;
}

/** What every charge takes. `merchantRefNum` is our transaction id: one per attempt, never reused. */
export interface ChargeInput {
  merchantRefNum: FawryId;
  /** Our user id; card tokens are scoped to it. */
  customerProfileId?: FawryId;
  customerName?: string;
  /** `01xxxxxxxxx`. */
  customerMobile: string;
  customerEmail: string;
  amountPiasters: number;
  description: string;
  /** Defaults to one item worth the whole amount; the prices × quantities must add up to the amount. */
  items?: ChargeItemInput[];
  language?: FawryLang;
  orderWebHookUrl?: string;
}

export interface CardTokenChargeInput extends ChargeInput {
  customerProfileId: FawryId;
  cardToken: string;
  /** As typed by the user (3–4 digits); never stored or logged. */
  cvv: string;
  /** Overrides the client's default 3-D Secure return URL. */
  returnUrl?: string;
}

export interface PayAtFawryInput extends ChargeInput {
  /** When the reference number stops being payable (sent as `paymentExpiry`, epoch ms). */
  expiresAt?: Date;
  /** Spelling sent and signed (U6); default "PAYATFAWRY". */
  paymentMethod?: 'PAYATFAWRY' | 'PayAtFawry';
}

export interface WalletInput extends ChargeInput {
  /** The customer's wallet number for request-to-pay; omitted → QR mode. */
  walletMobile?: string;
  expiresAt?: Date;
}

export interface InstallmentInput extends CardTokenChargeInput {
  installmentPlanId: number;
}

/** The order as the charge answer describes it. */
export interface ChargeOrderInfo {
  merchantRefNumber: string;
  referenceNumber: string | null;
  /** Raw Fawry `orderStatus` of the answer, if any. */
  orderStatus: string | null;
  status: PaymentStatus | null;
  orderAmountPiasters: number | null;
  paymentAmountPiasters: number | null;
  fawryFeesPiasters: number | null;
  expiresAt: Date | null;
  /** On a decline answered in a 200 body: Fawry's code and reason (or its statusDescription). */
  failureErrorCode: number | null;
  failureReason: string | null;
}

/**
 * A card charge's answer: either a 3-D Secure page to send the browser to (`redirectUrl`; not paid yet,
 * the notification or status v2 decides), or a direct result without 3-D Secure (`redirectUrl` null,
 * `status` Paid, or Failed with `failureReason`). Any other answer throws (outcome unknown).
 */
export interface CardTokenChargeResult extends ChargeOrderInfo {
  redirectUrl: string | null;
}

export interface PayAtFawryResult extends ChargeOrderInfo {
  /** The number the customer gives the cashier (9 digits in practice). */
  referenceNumber: string;
}

export interface WalletResult extends ChargeOrderInfo {
  referenceNumber: string;
  /** PNG data URL to show in QR mode; null for request-to-pay. */
  walletQr: string | null;
}

/** A bank installment charge's answer: 3-D Secure or a direct result, as {@link CardTokenChargeResult}. */
export interface InstallmentResult extends CardTokenChargeResult {
  authNumber: string | null;
}

export interface FawryCard {
  token: string;
  brand: string | null;
  firstSixDigits: string | null;
  lastFourDigits: string | null;
  cardHolderName: string | null;
  isDefault: boolean;
  createdAt: Date | null;
}

export interface FawryInstallmentPlan {
  id: number;
  nameAr: string | null;
  nameEn: string | null;
  months: number;
  /** Interest rate in percent, added to the amount by Fawry. */
  rate: number;
  minAmountPiasters: number | null;
  maxAmountPiasters: number | null;
  /** Card BIN prefixes the plan applies to. */
  bins: string[];
  bankNameAr: string | null;
  bankNameEn: string | null;
  raw: InstallmentPlanLink;
}

/**
 * What vouches for a status v2 answer (decision 0015):
 * - `signed`: its `messageSignature` verifies with our secure key (the §4.2 formula);
 * - `channel`: it carries no signature, but came over an authenticated channel — HTTPS to the
 *   configured Fawry, or a connection that never leaves this machine (loopback, the in-process sandbox);
 * - `unverified`: no signature, over plain HTTP to another machine;
 * - `bad-signature`: it carries a signature that does not verify.
 */
export type StatusAuthenticity = 'signed' | 'channel' | 'unverified' | 'bad-signature';

export interface PaymentStatusResult extends FawryPaymentState {
  /** Whether the body's `messageSignature` verified; null when the body carried none. */
  signatureValid: boolean | null;
  authenticity: StatusAuthenticity;
}

/** What Fawry appends to the 3-D Secure `returnUrl` (U1), read as a UI hint only. */
export interface ThreeDsReturn {
  merchantRefNumber: string | null;
  orderStatus: string | null;
  status: PaymentStatus | null;
  statusCode: number | null;
  statusDescription: string | null;
  signatureValid: boolean;
}

export type CancelResult = 'canceled' | 'already-canceled';

export type FawryClient = ReturnType<typeof createFawryClient>;

const CVV_PATTERN = /^\d{3,4}$/;

/**
 * The Fawry client: every call of fawry-api.md §3, each with its exact signature. Amounts go in as
 * integer piasters and are sent and signed with two decimals. Errors are `FawryError`s (an AppError):
 * a 200 body whose `statusCode` is not 200 is a business error; timeouts and network failures are
 * `service-unavailable` with `outcomeUnknown` set for calls that change state. Nothing is retried
 * except one retry of a read whose connection dropped; idempotency comes from the caller's unique
 * `merchantRefNum` (Fawry refuses a reused one).
 */
export function createFawryClient(options: FawryClientOptions) {
  const baseUrl = validateBaseUrl(options.baseUrl);
  const { merchantCode, secureKey } = options;
  if (!merchantCode.trim() || !secureKey.trim()) {
    throw new TypeError('Fawry merchantCode and secureKey are required');
  }
  const doFetch = options.fetch ?? globalThis.fetch;
  const authenticatedChannel = isAuthenticatedChannel(baseUrl);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const defaultLanguage = options.language ?? 'ar-eg';

  async function send(
    operation: FawryOperation,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    { query, body }: { query?: Record<string, string>; body?: string } = {},
  ): Promise<{ httpStatus: number; json: unknown; text: string }> {
    const url = new URL(baseUrl + path);
    for (const [key, value] of Object.entries(query ?? {})) {
      url.searchParams.set(key, value);
    }
    const changesState = method !== 'GET';
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
    }
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      let text: string;
      try {
        const signal = AbortSignal.timeout(timeoutMs);
        response = await doFetch(url, { method, headers, body, signal });
        text = await response.text();
      } catch (error) {
        const timedOut =
          error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        if (!timedOut && !changesState && attempt === 0) {
          continue; // a dropped keep-alive socket on a read: one retry is safe (§2.1)
        }
        throw new FawryError('service-unavailable', {
          operation,
          reason: timedOut ? 'timeout' : 'network',
          outcomeUnknown: changesState,
          cause: error,
          message: `Fawry ${operation} ${timedOut ? `timed out after ${timeoutMs} ms` : 'could not be reached'}`,
        });
      }
      return { httpStatus: response.status, json: parseJson(text), text };
    }
  }

  /** Applies §2.5: HTTP ≥ 500 → unavailable; 4xx → `{code, description}`; 200 with statusCode ≠ 200. */
  function checkEnvelope(
    operation: FawryOperation,
    httpStatus: number,
    json: unknown,
    changesState: boolean,
  ): void {
    if (httpStatus >= 500) {
      const { code, description } = readErrorBody(json);
      throw new FawryError('service-unavailable', {
        operation,
        reason: 'server-error',
        httpStatus,
        fawryStatusCode: code,
        fawryDescription: description,
        outcomeUnknown: changesState,
      });
    }
    if (httpStatus >= 400) {
      const { code, description } = readErrorBody(json);
      throw fawryErrorFromStatus(operation, code, description, httpStatus);
    }
    if (httpStatus < 200 || httpStatus >= 300) {
      throw new FawryError('fawry-error', {
        operation,
        reason: 'bad-response',
        httpStatus,
        outcomeUnknown: changesState,
      });
    }
    const { code, description } = readErrorBody(json);
    if (code !== null && code !== 200) {
      throw fawryErrorFromStatus(operation, code, description, httpStatus);
    }
  }

  function parseSuccess<S extends z.ZodType>(
    operation: FawryOperation,
    schema: S,
    json: unknown,
    changesState: boolean,
  ): z.infer<S> {
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new FawryError('fawry-error', {
        operation,
        reason: 'bad-response',
        outcomeUnknown: changesState,
        message: `Fawry ${operation} answered an unexpected body: ${parsed.error.issues
          .map((issue) => `${issue.path.join('.') || 'body'} ${issue.message}`)
          .join('; ')}`,
      });
    }
    return parsed.data;
  }

  async function postCharge<S extends z.ZodType>(
    operation: FawryOperation,
    path: string,
    body: Record<string, unknown>,
    schema: S,
  ): Promise<z.infer<S>> {
    const { httpStatus, json } = await send(operation, 'POST', path, { body: encodeFawryJson(body) });
    checkEnvelope(operation, httpStatus, json, true);
    return parseSuccess(operation, schema, json, true);
  }

  function chargeBody(input: ChargeInput, paymentMethod: string, signature: string): Record<string, unknown> {
    const items = input.items ?? [
      {
        itemId: String(input.merchantRefNum),
        description: input.description,
        pricePiasters: input.amountPiasters,
        quantity: 1,
      },
    ];
    return omitUndefined({
      merchantCode,
      merchantRefNum: input.merchantRefNum,
      customerProfileId: input.customerProfileId,
      customerName: input.customerName,
      customerMobile: input.customerMobile,
      customerEmail: input.customerEmail,
      paymentMethod,
      amount: new FawryDecimal(input.amountPiasters),
      currencyCode: 'EGP',
      language: input.language ?? defaultLanguage,
      description: input.description,
      chargeItems: items.map((item) => ({
        itemId: item.itemId,
        description: item.description,
        price: new FawryDecimal(item.pricePiasters),
        quantity: item.quantity,
      })),
      orderWebHookUrl: input.orderWebHookUrl ?? options.orderWebHookUrl,
      signature,
    });
  }

  function signatureBase(input: ChargeInput) {
    validateCharge(input);
    return {
      merchantCode,
      merchantRefNum: input.merchantRefNum,
      customerProfileId: input.customerProfileId,
      amountPiasters: input.amountPiasters,
    };
  }

  function cardInput(operation: FawryOperation, input: CardTokenChargeInput) {
    if (!CVV_PATTERN.test(input.cvv)) {
      throw new FawryError('invalid-cvv', {
        operation,
        reason: 'invalid-cvv',
        message: 'The CVV must be 3 or 4 digits',
      });
    }
    if (!input.cardToken.trim()) {
      throw new TypeError('cardToken is required');
    }
  }

  /** §3.10 the customer's saved cards. */
  async function listCardTokens(customerProfileId: FawryId): Promise<FawryCard[]> {
    const profile = String(customerProfileId);
    const signature = signListCardTokens({ merchantCode, customerProfileId: profile }, secureKey);
    const { httpStatus, json } = await send('listCardTokens', 'GET', FAWRY_PATHS.cardTokens, {
      query: { merchantCode, customerProfileId: profile, signature },
    });
    checkEnvelope('listCardTokens', httpStatus, json, false);
    const body = parseSuccess('listCardTokens', ListCardTokensResponseSchema, json, false);
    return (body.cards ?? []).map((card) => ({
      token: card.token,
      brand: card.brand ?? null,
      firstSixDigits: card.firstSixDigits ?? null,
      lastFourDigits: card.lastFourDigits ?? null,
      cardHolderName: card.cardHolderName ?? null,
      isDefault: card.isDefault ?? false,
      createdAt: card.creationDate === undefined ? null : new Date(card.creationDate),
    }));
  }

  /**
   * A card charge's answer (§3.2, §3.4b): the 3-D Secure page, or a direct result (PAID, or FAILED with
   * its reason) when Fawry decided without 3-D Secure. A 200 with neither leaves the outcome unknown:
   * the caller asks status v2 (or waits for the notification) before doing anything else.
   */
  function cardOutcome(
    operation: FawryOperation,
    input: ChargeInput,
    response: z.infer<typeof CardTokenChargeResponseSchema>,
  ): CardTokenChargeResult {
    const info = orderInfo(input, response);
    if (info.merchantRefNumber !== String(input.merchantRefNum)) {
      throw new FawryError('fawry-error', {
        operation,
        reason: 'bad-response',
        outcomeUnknown: true,
        message: `Fawry ${operation} answered about order ${info.merchantRefNumber}, not ${String(input.merchantRefNum)}`,
      });
    }
    if (response.nextAction) {
      return { ...info, redirectUrl: response.nextAction.redirectUrl };
    }
    if (info.status === PaymentStatus.Paid) {
      return { ...info, redirectUrl: null };
    }
    if (info.status === PaymentStatus.Failed) {
      const reason =
        info.failureReason ??
        response.statusDescription ??
        (info.failureErrorCode === null ? undefined : describeFawryStatusCode(info.failureErrorCode)) ??
        'Declined';
      return { ...info, redirectUrl: null, failureReason: reason };
    }
    throw new FawryError('fawry-error', {
      operation,
      reason: 'bad-response',
      outcomeUnknown: true,
      message: `Fawry ${operation} answered neither a 3-D Secure step nor a final status (orderStatus ${info.orderStatus ?? 'absent'})`,
    });
  }

  return {
    merchantCode,

    /**
     * Whether answers reach us over a channel that authenticates Fawry: HTTPS, or a connection that never
     * leaves this machine. What an unsigned answer is worth depends on it (decision 0015).
     */
    authenticatedChannel,

    /**
     * §3.2 charge a saved card token with the CVV and 3-D Secure. Usually resolves with the bank page to
     * send the browser to (the order is NEW until the notification or status v2 says PAID or FAILED);
     * Fawry may also decide at once without 3-D Secure (`redirectUrl` null, `status` Paid or Failed).
     */
    async chargeCardToken(input: CardTokenChargeInput): Promise<CardTokenChargeResult> {
      const base = signatureBase(input);
      cardInput('chargeCardToken', input);
      const returnUrl = input.returnUrl ?? options.returnUrl;
      if (!returnUrl) {
        throw new TypeError('A 3-D Secure returnUrl is required (client option or per call)');
      }
      const signature = signCardTokenCharge(
        { ...base, cardToken: input.cardToken, cvv: input.cvv, returnUrl },
        secureKey,
      );
      const response = await postCharge(
        'chargeCardToken',
        FAWRY_PATHS.charge,
        {
          ...chargeBody(input, 'CARD', signature),
          cardToken: input.cardToken,
          cvv: input.cvv,
          enable3DS: true,
          authCaptureModePayment: false,
          returnUrl,
        },
        CardTokenChargeResponseSchema,
      );
      return cardOutcome('chargeCardToken', input, response);
    },

    /** §3.1 create a reference number the customer pays in cash at any Fawry point before it expires. */
    async payAtFawry(input: PayAtFawryInput): Promise<PayAtFawryResult> {
      const paymentMethod = input.paymentMethod ?? 'PAYATFAWRY';
      const signature = signPayAtFawryCharge({ ...signatureBase(input), paymentMethod }, secureKey);
      const response = await postCharge(
        'payAtFawry',
        FAWRY_PATHS.charge,
        { ...chargeBody(input, paymentMethod, signature), paymentExpiry: expiryMs(input.expiresAt) },
        PayAtFawryChargeResponseSchema,
      );
      return { ...orderInfo(input, response), referenceNumber: response.referenceNumber };
    },

    /** §3.3 mobile wallet: QR (no `walletMobile`) or request-to-pay to `walletMobile`. */
    async payWithWallet(input: WalletInput): Promise<WalletResult> {
      const signature = signWalletCharge(
        { ...signatureBase(input), debitMobileWalletNo: input.walletMobile },
        secureKey,
      );
      const response = await postCharge(
        'payWithWallet',
        FAWRY_PATHS.walletCharge,
        {
          ...chargeBody(input, 'MWALLET', signature),
          debitMobileWalletNo: input.walletMobile,
          paymentExpiry: expiryMs(input.expiresAt),
        },
        WalletChargeResponseSchema,
      );
      return {
        ...orderInfo(input, response),
        referenceNumber: response.referenceNumber,
        walletQr: response.walletQr ?? null,
      };
    },

    /**
     * §3.4(b) bank installments with a saved card. Signed as Fawry documents it, without the returnUrl
     * (decision 0015): merchantCode + merchantRefNum + customerProfileId + "CARD" + amount + cardToken +
     * cvv + installmentPlanId + key. 3-D Secure is still requested with the return URL (sent unsigned,
     * as `orderWebHookUrl` is); the answer is a 3-D Secure page or a direct result.
     */
    async payWithBankInstallments(input: InstallmentInput): Promise<InstallmentResult> {
      const base = signatureBase(input);
      cardInput('payWithBankInstallments', input);
      if (!Number.isSafeInteger(input.installmentPlanId) || input.installmentPlanId <= 0) {
        throw new TypeError('installmentPlanId must be a positive integer');
      }
      const returnUrl = input.returnUrl ?? options.returnUrl;
      const signature = signInstallmentCharge(
        { ...base, cardToken: input.cardToken, cvv: input.cvv, installmentPlanId: input.installmentPlanId },
        secureKey,
      );
      const response = await postCharge(
        'payWithBankInstallments',
        FAWRY_PATHS.charge,
        omitUndefined({
          ...chargeBody(input, 'CARD', signature),
          cardToken: input.cardToken,
          cvv: input.cvv,
          installmentPlanId: input.installmentPlanId,
          enable3DS: returnUrl ? true : undefined,
          authCaptureModePayment: false,
          returnUrl,
        }),
        InstallmentChargeResponseSchema,
      );
      return {
        ...cardOutcome('payWithBankInstallments', input, response),
        authNumber: response.authNumber ?? null,
      };
    },

    /** §3.4(a) the merchant's installment plans (no signature). */
    async getInstallmentPlans(): Promise<FawryInstallmentPlan[]> {
      const { httpStatus, json } = await send('getInstallmentPlans', 'GET', FAWRY_PATHS.installmentPlans, {
        query: { accountNumber: merchantCode },
      });
      checkEnvelope('getInstallmentPlans', httpStatus, json, false);
      const links = parseSuccess('getInstallmentPlans', InstallmentPlansResponseSchema, json, false);
      return links.map((link) => {
        const plan = link.installmentPlan;
        return {
          id: plan.id,
          nameAr: plan.nameAr ?? null,
          nameEn: plan.nameEn ?? null,
          months: plan.noOfMonths,
          rate: plan.rate ?? 0,
          minAmountPiasters: tryParseFawryAmount(plan.minAmount),
          maxAmountPiasters: tryParseFawryAmount(plan.maxAmount),
          bins: plan.accountType?.pans ?? [],
          bankNameAr: plan.accountType?.bank?.nameAr ?? null,
          bankNameEn: plan.accountType?.bank?.nameEn ?? null,
          raw: link,
        };
      });
    },

    /**
     * §3.6 cancel an order that is still unpaid, by Fawry's reference number. Resolves
     * 'already-canceled' when Fawry says so (9984), so a retried cancel is idempotent; a paid order
     * fails with reason `cannot-cancel` (refund it instead).
     */
    async cancelUnpaidOrder(input: { referenceNumber: string; language?: FawryLang }): Promise<CancelResult> {
      const lang = input.language ?? defaultLanguage;
      const signature = signCancelUnpaidOrder(
        { orderRefNo: input.referenceNumber, merchantAccount: merchantCode, lang },
        secureKey,
      );
      const { httpStatus, json } = await send('cancelUnpaidOrder', 'POST', FAWRY_PATHS.cancelUnpaidOrder, {
        body: JSON.stringify({
          merchantAccount: merchantCode,
          orderRefNo: input.referenceNumber,
          lang,
          signature,
        }),
      });
      try {
        checkEnvelope('cancelUnpaidOrder', httpStatus, json, true);
      } catch (error) {
        if (error instanceof FawryError && error.reason === 'already-canceled') {
          return 'already-canceled';
        }
        throw error;
      }
      return 'canceled';
    },

    /**
     * §3.7 refund all or part of a paid order (by Fawry's reference number). Resolves when Fawry accepted
     * it; the REFUNDED/PARTIAL_REFUNDED status arrives later by notification (status v2 may lag).
     */
    async refund(input: { referenceNumber: string; amountPiasters: number; reason?: string }): Promise<void> {
      if (!Number.isSafeInteger(input.amountPiasters) || input.amountPiasters <= 0) {
        throw new RangeError('A refund amount must be a positive integer number of piasters');
      }
      const signature = signRefund(
        {
          merchantCode,
          referenceNumber: input.referenceNumber,
          refundAmountPiasters: input.amountPiasters,
          reason: input.reason,
        },
        secureKey,
      );
      const { httpStatus, json } = await send('refund', 'POST', FAWRY_PATHS.refund, {
        body: encodeFawryJson(
          omitUndefined({
            merchantCode,
            referenceNumber: input.referenceNumber,
            refundAmount: new FawryDecimal(input.amountPiasters),
            reason: input.reason,
            signature,
          }),
        ),
      });
      checkEnvelope('refund', httpStatus, json, true);
      parseSuccess('refund', RefundResponseSchema, json, true);
    },

    /**
     * §3.5 status inquiry v2 by our merchantRefNum. Resolves null when Fawry does not know the order
     * (HTTP 404 / 9938): it never reached Fawry. The answer needs its order fields (refs, status,
     * amounts); every other field is read leniently, as in notifications. `messageSignature` may be
     * absent: `authenticity` says what vouches for the answer, and decision 0015 what each is worth.
     */
    async getPaymentStatus(merchantRefNum: FawryId): Promise<PaymentStatusResult | null> {
      const merchantRefNumber = String(merchantRefNum);
      const signature = signPaymentStatusInquiry({ merchantCode, merchantRefNumber }, secureKey);
      const { httpStatus, json } = await send('getPaymentStatus', 'GET', FAWRY_PATHS.paymentStatusV2, {
        query: { merchantCode, merchantRefNumber, signature },
      });
      if (isFawryNotFound(httpStatus, json)) {
        return null;
      }
      checkEnvelope('getPaymentStatus', httpStatus, json, false);
      parseSuccess('getPaymentStatus', PaymentStatusV2ResponseSchema, json, false);
      const body = json as Record<string, unknown>;
      const state = readFawryPaymentState(body);
      if (!state || state.merchantRefNumber !== merchantRefNumber) {
        throw new FawryError('fawry-error', {
          operation: 'getPaymentStatus',
          reason: 'bad-response',
          message: state
            ? `Fawry answered the status of order ${state.merchantRefNumber}, not ${merchantRefNumber}`
            : 'Fawry answered a status without its order fields',
        });
      }
      const signed = typeof body.messageSignature === 'string' && body.messageSignature.trim() !== '';
      const signatureValid = signed ? verifyNotificationSignature(body, secureKey) : null;
      const authenticity: StatusAuthenticity =
        signatureValid === true
          ? 'signed'
          : signatureValid === false
            ? 'bad-signature'
            : authenticatedChannel
              ? 'channel'
              : 'unverified';
      return { ...state, signatureValid, authenticity };
    },

    listCardTokens,

    /**
     * §3.11 delete one of the customer's cards. Lists the customer's cards first and refuses a token that
     * is not theirs (reason `card-not-found`) before asking Fawry, as the doc advises.
     */
    async deleteCardToken(input: { customerProfileId: FawryId; cardToken: string }): Promise<void> {
      const profile = String(input.customerProfileId);
      const cards = await listCardTokens(profile);
      if (!cards.some((card) => card.token === input.cardToken)) {
        throw new FawryError('fawry-error', {
          operation: 'deleteCardToken',
          reason: 'card-not-found',
          message: 'The card token does not belong to this customer',
        });
      }
      const signature = signDeleteCardToken(
        { merchantCode, customerProfileId: profile, cardToken: input.cardToken },
        secureKey,
      );
      const { httpStatus, json } = await send('deleteCardToken', 'DELETE', FAWRY_PATHS.cardTokens, {
        query: { merchantCode, customerProfileId: profile, cardToken: input.cardToken, signature },
      });
      checkEnvelope('deleteCardToken', httpStatus, json, true);
      parseSuccess('deleteCardToken', DeleteCardTokenResponseSchema, json, true);
    },

    /**
     * §3.8 the hosted "add a card" page to show in an iframe. The doc found no signature on this URL;
     * the server builds it from the session so the customer id cannot be forged. On return, list the
     * tokens (the returnUrl's query is unsigned).
     */
    cardTokenizationUrl(input: {
      customerProfileId: FawryId;
      returnUrl: string;
      locale?: 'ar' | 'en';
    }): string {
      const url = new URL(baseUrl + FAWRY_PATHS.cardTokenization);
      url.searchParams.set('accNo', merchantCode);
      url.searchParams.set('customerProfileId', String(input.customerProfileId));
      url.searchParams.set('returnUrl', input.returnUrl);
      url.searchParams.set('locale', input.locale ?? 'ar');
      return url.toString();
    },

    /** §4.3 steps 1–2 for our webhook: shape + `messageSignature` (constant time). */
    verifyNotification(body: unknown): ParseNotificationResult {
      return parseFawryNotification(body, secureKey);
    },

    /**
     * Reads the query Fawry appends to the 3-D Secure `returnUrl` (U1). A UI hint only: the notification
     * or status v2 decides the payment.
     */
    parseThreeDsReturn(query: Record<string, unknown>): ThreeDsReturn {
      const text = (key: string) => (typeof query[key] === 'string' ? (query[key] as string) : null);
      const orderStatus = text('orderStatus');
      const statusCode = text('statusCode');
      const paymentAmount = tryParseFawryAmount(text('paymentAmount'));
      const orderAmount = tryParseFawryAmount(text('orderAmount'));
      const merchantRefNumber = text('merchantRefNumber');
      let signatureValid = false;
      if (merchantRefNumber && orderStatus && paymentAmount !== null && orderAmount !== null) {
        const expected = signChargeResponse(
          {
            referenceNumber: text('referenceNumber'),
            merchantRefNumber,
            paymentAmountPiasters: paymentAmount,
            orderAmountPiasters: orderAmount,
            orderStatus,
            paymentMethod: text('paymentMethod') ?? '',
            fawryFeesPiasters: tryParseFawryAmount(text('fawryFees')),
            shippingFeesPiasters: tryParseFawryAmount(text('shippingFees')),
            authNumber: text('authNumber'),
            customerMail: text('customerMail'),
            customerMobile: text('customerMobile'),
          },
          secureKey,
        );
        signatureValid = signaturesMatch(expected, query.signature);
      }
      return {
        merchantRefNumber,
        orderStatus,
        status: orderStatus ? mapFawryOrderStatus(orderStatus) : null,
        statusCode: statusCode === null || Number.isNaN(Number(statusCode)) ? null : Number(statusCode),
        statusDescription: text('statusDescription'),
        signatureValid,
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------------

/** A two-decimal amount written into the JSON body literally ("amount": 150.00), as Fawry's samples show. */
class FawryDecimal {
  readonly text: string;
  constructor(piasters: number) {
    this.text = formatFawryAmount(piasters);
  }
}

/**
 * JSON.stringify, except FawryDecimal values become bare two-decimal numbers (`150.00`) — the same bytes
 * the signature hashed. A random marker per call keeps user strings from being mistaken for amounts.
 */
export function encodeFawryJson(body: Record<string, unknown>): string {
  const marker = `fawry-decimal-${randomBytes(12).toString('hex')}`;
  const json = JSON.stringify(body, (_key, value: unknown) =>
    value instanceof FawryDecimal ? `${marker}:${value.text}` : value,
  );
  return json.replace(new RegExp(`"${marker}:(\\d+\\.\\d{2})"`, 'g'), '$1');
}

function validateBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TypeError(`Invalid Fawry baseUrl: ${raw}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`Invalid Fawry baseUrl: ${raw}`);
  }
  return raw.replace(/\/+$/, '');
}

function validateCharge(input: ChargeInput): void {
  const ref = input.merchantRefNum;
  const validRef =
    typeof ref === 'number' ? Number.isSafeInteger(ref) && ref > 0 : /^[A-Za-z0-9._-]{1,64}$/.test(ref);
  if (!validRef) {
    throw new TypeError(`merchantRefNum must be a positive integer or a short id, got ${String(ref)}`);
  }
  if (!Number.isSafeInteger(input.amountPiasters) || input.amountPiasters <= 0) {
    throw new RangeError(
      `A charge amount must be a positive integer number of piasters, got ${input.amountPiasters}`,
    );
  }
  if (input.items) {
    if (input.items.length === 0) {
      throw new RangeError('A charge needs at least one item');
    }
    let total = 0;
    for (const item of input.items) {
      if (!Number.isSafeInteger(item.quantity) || item.quantity <= 0) {
        throw new RangeError(`Item ${item.itemId}: quantity must be a positive integer`);
      }
      formatFawryAmount(item.pricePiasters);
      total += item.pricePiasters * item.quantity;
    }
    if (total !== input.amountPiasters) {
      throw new RangeError(`The items add up to ${total} piasters, not the amount ${input.amountPiasters}`);
    }
  }
}

function orderInfo(
  input: ChargeInput,
  response: {
    merchantRefNumber?: string | undefined;
    referenceNumber?: string | undefined;
    orderStatus?: string | undefined;
    orderAmount?: number | string | undefined;
    paymentAmount?: number | string | undefined;
    fawryFees?: number | string | undefined;
    expirationTime?: number | undefined;
    failureErrorCode?: number | string | undefined;
    failureReason?: string | undefined;
  },
): ChargeOrderInfo {
  const failureErrorCode = Number(response.failureErrorCode);
  return {
    merchantRefNumber: response.merchantRefNumber ?? String(input.merchantRefNum),
    referenceNumber: response.referenceNumber ?? null,
    orderStatus: response.orderStatus ?? null,
    status: response.orderStatus ? mapFawryOrderStatus(response.orderStatus) : null,
    orderAmountPiasters: tryParseFawryAmount(response.orderAmount),
    paymentAmountPiasters: tryParseFawryAmount(response.paymentAmount),
    fawryFeesPiasters: tryParseFawryAmount(response.fawryFees),
    expiresAt: response.expirationTime ? new Date(response.expirationTime) : null,
    failureErrorCode:
      response.failureErrorCode !== undefined && Number.isSafeInteger(failureErrorCode)
        ? failureErrorCode
        : null,
    failureReason: response.failureReason || null,
  };
}

/**
 * Whether a base URL reaches Fawry over a channel that authenticates it: HTTPS, or a host on this
 * machine (loopback: the sandbox, in-process or beside us), where nobody sits between.
 */
export function isAuthenticatedChannel(baseUrl: string): boolean {
  const url = new URL(baseUrl);
  if (url.protocol === 'https:') {
    return true;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

function expiryMs(date: Date | undefined): number | undefined {
  if (date === undefined) {
    return undefined;
  }
  const ms = date.getTime();
  if (!Number.isFinite(ms)) {
    throw new RangeError('Invalid expiry date');
  }
  return ms;
}

function parseJson(text: string): unknown {
  if (!text.trim()) {
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The code and description of any Fawry body: `statusCode`/`statusDescription` or `code`/`description`. */
function readErrorBody(json: unknown): { code: number | null; description: string | null } {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    return { code: null, description: null };
  }
  const record = json as Record<string, unknown>;
  const parsed = FawryErrorBodySchema.safeParse(record);
  const rawCode = record.statusCode ?? (parsed.success ? parsed.data.code : undefined);
  const numeric = typeof rawCode === 'number' || typeof rawCode === 'string' ? Number(rawCode) : Number.NaN;
  const description = record.statusDescription ?? record.description;
  return {
    code: Number.isFinite(numeric) ? numeric : null,
    description: typeof description === 'string' ? description : null,
  };
}

/**
 * Status v2's "no such order" (§3.5): HTTP 404 with a JSON body that is Fawry's (code 9938 or 404, or no
 * code at all), or a 200 body with statusCode 9938. A 404 from something else — a wrong base URL hitting
 * our own server, a proxy page — is an error, never "the order does not exist": that answer lets the
 * caller cancel a transaction locally.
 */
function isFawryNotFound(httpStatus: number, json: unknown): boolean {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    return false;
  }
  const record = json as Record<string, unknown>;
  const code = record.code ?? record.statusCode;
  if (httpStatus === 404) {
    return code === undefined || Number(code) === 9938 || Number(code) === 404;
  }
  return httpStatus === 200 && Number(code) === 9938;
}

function omitUndefined<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}
