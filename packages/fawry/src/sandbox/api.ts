import { formatFawryAmount, piastersToNumber, tryParseFawryAmount } from '../amounts.ts';
import {
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
} from '../signatures.ts';
import {
  CancelUnpaidOrderRequestSchema,
  CardTokenChargeRequestSchema,
  ChargeRequestBaseSchema,
  DeleteCardTokenQuerySchema,
  InstallmentChargeRequestSchema,
  ListCardTokensQuerySchema,
  PayAtFawryChargeRequestSchema,
  PaymentStatusQuerySchema,
  RefundRequestSchema,
  WalletChargeRequestSchema,
} from '../types.ts';
import { SANDBOX_TEST_CVVS } from './cards.ts';
import { type FawrySandbox, type NewOrderInput, SandboxTransitionError } from './engine.ts';
import type { SandboxCard, SandboxOrder } from './model.ts';
import { fakeQrDataUrl } from './png.ts';

/**
 * Fawry's endpoints as the sandbox answers them: validation, merchant check (9901), signature check
 * (9946), then the state machine. Older endpoints (charge, refund, cards) answer HTTP 200 with a
 * `statusCode` in the body; the newer ones (status v2, cancel) answer HTTP 4xx `{ code, description,
 * reason }` (§2.5). Malformed requests get HTTP 400 `{ code: 400, description, reason }`.
 */

export interface ApiResult {
  status: number;
  body: unknown;
}

const OK = 'Operation done successfully';

function statusBody(type: string, statusCode: number, statusDescription: string): ApiResult {
  return { status: 200, body: { type, statusCode, statusDescription } };
}

function newStyleError(status: number, code: number, description: string, reason?: unknown): ApiResult {
  return { status, body: { code, description, reason: reason ?? description } };
}

function invalidRequest(issues: { path: PropertyKey[]; message: string }[]): ApiResult {
  return newStyleError(
    400,
    400,
    'Invalid request',
    issues.map((issue) => `${issue.path.map(String).join('.') || 'body'}: ${issue.message}`),
  );
}

/**
 * Installment plans the sandbox offers (§3.4a shape; fake banks, BINs of the test cards). As at Fawry,
 * each entry is a *link* whose own `id` is not the plan's: a charge names `installmentPlan.id`.
 * `rate` is a percentage of the price, amounts are in pounds; one plan is for Mastercard (CIB) only.
 */
export const SANDBOX_INSTALLMENT_PLANS = [
  {
    linkId: 9001,
    id: 37,
    months: 3,
    rate: 0,
    minAmount: 500,
    maxAmount: 100_000,
    bank: 'National Bank of Egypt',
    bankAr: 'البنك الأهلي المصري',
    pans: ['424242', '512345', '400000'],
  },
  {
    linkId: 9002,
    id: 38,
    months: 6,
    rate: 5,
    minAmount: 1_000,
    maxAmount: 100_000,
    bank: 'National Bank of Egypt',
    bankAr: 'البنك الأهلي المصري',
    pans: ['424242', '512345', '400000'],
  },
  {
    linkId: 9003,
    id: 39,
    months: 12,
    rate: 10,
    minAmount: 2_000,
    maxAmount: 150_000,
    bank: 'Banque Misr',
    bankAr: 'بنك مصر',
    pans: ['424242', '512345', '400000'],
  },
  {
    linkId: 9004,
    id: 41,
    months: 6,
    rate: 2.5,
    minAmount: 3_000,
    maxAmount: 60_000,
    bank: 'Commercial International Bank',
    bankAr: 'البنك التجاري الدولي',
    pans: ['512345'],
  },
].map((plan) => ({
  id: plan.linkId,
  installmentPlan: {
    id: plan.id,
    nameAr: `تقسيط ${plan.months} شهور`,
    nameEn: `${plan.months} months`,
    rate: plan.rate,
    noOfMonths: plan.months,
    minAmount: plan.minAmount,
    maxAmount: plan.maxAmount,
    startDate: '2024-01-01',
    endDate: '2099-12-31',
    online: true,
    status: { code: 'ACTIVE' },
    type: 'BANK',
    accountType: {
      nameEn: plan.bank,
      nameAr: plan.bankAr,
      code: `BANK${plan.id}`,
      bank: { nameEn: plan.bank, nameAr: plan.bankAr, code: `B${plan.id}`, swfCode: `SWF${plan.id}` },
      pans: plan.pans,
    },
  },
  applyTo: 'ALL',
  products: [],
  productsCodes: [],
  variants: [],
  categories: [],
  requiredItemsValidation: false,
}));

// -------------------------------------------------------------------------------------------------
// POST /ECommerceWeb/Fawry/payments/charge and /ECommerceWeb/api/payments/charge

type ChargeKind = 'payAtFawry' | 'card' | 'installment' | 'wallet';

function chargeKind(body: unknown): ChargeKind | null {
  if (body === null || typeof body !== 'object') {
    return null;
  }
  const record = body as Record<string, unknown>;
  const method = record.paymentMethod;
  if (method === 'PAYATFAWRY' || method === 'PayAtFawry') {
    return 'payAtFawry';
  }
  if (method === 'MWALLET') {
    return 'wallet';
  }
  if (method === 'CARD') {
    return record.installmentPlanId === undefined ? 'card' : 'installment';
  }
  return null;
}

export async function handleCharge(
  sandbox: FawrySandbox,
  body: unknown,
  publicBaseUrl: string,
): Promise<ApiResult> {
  const kind = chargeKind(body);
  if (!kind) {
    const base = ChargeRequestBaseSchema.safeParse(body);
    return base.success
      ? newStyleError(
          400,
          400,
          'Unsupported paymentMethod (the sandbox emulates PAYATFAWRY, CARD and MWALLET)',
        )
      : invalidRequest(base.error.issues);
  }
  const schema = {
    payAtFawry: PayAtFawryChargeRequestSchema,
    card: CardTokenChargeRequestSchema,
    installment: InstallmentChargeRequestSchema,
    wallet: WalletChargeRequestSchema,
  }[kind];
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    return invalidRequest(parsed.error.issues);
  }
  const request = parsed.data;
  const type = 'ChargeResponse';
  if (request.merchantCode !== sandbox.merchantCode) {
    return statusBody(type, 9901, 'Invalid merchant code');
  }
  const amount = tryParseFawryAmount(request.amount);
  if (amount === null || amount <= 0) {
    return statusBody(type, 21004, 'Invalid amount');
  }
  const items: SandboxOrder['items'] = [];
  for (const item of request.chargeItems) {
    const price = tryParseFawryAmount(item.price);
    if (price === null) {
      return statusBody(type, 21004, 'Invalid item price');
    }
    items.push({
      itemId: item.itemId,
      description: item.description,
      pricePiasters: price,
      quantity: item.quantity,
    });
  }
  if (items.reduce((sum, item) => sum + item.pricePiasters * item.quantity, 0) !== amount) {
    return statusBody(type, 21004, 'Invalid amount: it must equal the sum of the charge items');
  }
  const base = {
    merchantCode: request.merchantCode,
    merchantRefNum: request.merchantRefNum,
    customerProfileId: request.customerProfileId,
    amountPiasters: amount,
  };
  const r = request as Record<string, unknown>;
  const text = (key: string) => (typeof r[key] === 'string' ? (r[key] as string) : '');
  const expected =
    kind === 'payAtFawry'
      ? signPayAtFawryCharge({ ...base, paymentMethod: text('paymentMethod') }, sandbox.secureKey)
      : kind === 'wallet'
        ? signWalletCharge({ ...base, debitMobileWalletNo: text('debitMobileWalletNo') }, sandbox.secureKey)
        : kind === 'card'
          ? signCardTokenCharge(
              { ...base, cardToken: text('cardToken'), cvv: text('cvv'), returnUrl: text('returnUrl') },
              sandbox.secureKey,
            )
          : // Installments: signed as Fawry documents it, without the returnUrl even when one is sent
            // for 3-D Secure (decision 0015). A signature over the returnUrl is refused 9946 like any
            // other wrong signature.
            signInstallmentCharge(
              {
                ...base,
                cardToken: text('cardToken'),
                cvv: text('cvv'),
                installmentPlanId: r.installmentPlanId as number,
              },
              sandbox.secureKey,
            );
  if (!signaturesMatch(expected, request.signature)) {
    return statusBody(type, 9946, 'Wrong Signature');
  }

  const order: NewOrderInput = {
    merchantRefNum: request.merchantRefNum,
    kind: kind === 'payAtFawry' ? 'PAYATFAWRY' : kind === 'wallet' ? 'MWALLET' : 'CARD',
    paymentMethod: request.paymentMethod,
    customerProfileId: request.customerProfileId ?? null,
    customerName: request.customerName ?? null,
    customerMobile: request.customerMobile,
    customerEmail: request.customerEmail ?? null,
    description: request.description,
    items,
    amountPiasters: amount,
    paymentExpiry: typeof r.paymentExpiry === 'number' ? r.paymentExpiry : null,
    returnUrl: text('returnUrl') || null,
    webhookUrl: request.orderWebHookUrl || null,
    cardToken: text('cardToken') || null,
    installmentPlanId: null,
    installmentMonths: null,
    installmentInterestPiasters: 0,
    debitMobileWalletNo: text('debitMobileWalletNo') || null,
  };

  if (kind === 'card' || kind === 'installment') {
    return chargeCard(sandbox, order, kind, r, publicBaseUrl);
  }
  const created = await sandbox.createOrder(order);
  if (!created) {
    return duplicate(sandbox);
  }
  const response: Record<string, unknown> = {
    type,
    statusCode: 200,
    statusDescription: OK,
    ...orderFields(created, sandbox.secureKey),
    expirationTime: created.expiresAt,
  };
  if (kind === 'wallet' && !created.debitMobileWalletNo) {
    response.walletQr = fakeQrDataUrl(created.fawryRefNumber);
  }
  return { status: 200, body: response };
}

async function chargeCard(
  sandbox: FawrySandbox,
  order: NewOrderInput,
  kind: 'card' | 'installment',
  request: Record<string, unknown>,
  publicBaseUrl: string,
): Promise<ApiResult> {
  const type = 'ChargeResponse';
  const customer = order.customerProfileId;
  const cards = customer ? await sandbox.listCards(customer) : [];
  const card = cards.find((candidate) => candidate.token === order.cardToken);
  if (!card) {
    return statusBody(type, 99956, 'Card not found');
  }
  // A frictionless card is decided without a 3-D Secure challenge: the charge answers the result at once.
  const threeDs =
    card.behaviour !== 'frictionless' &&
    (kind === 'card' || (request.enable3DS === true && typeof request.returnUrl === 'string'));
  if (kind === 'card' && request.enable3DS !== true) {
    return newStyleError(400, 400, 'The sandbox emulates 3-D Secure token charges only (enable3DS: true)');
  }
  if (kind === 'installment') {
    const plan = SANDBOX_INSTALLMENT_PLANS.find(
      (link) => link.installmentPlan.id === request.installmentPlanId,
    )?.installmentPlan;
    const amountEgp = order.amountPiasters / 100;
    if (!plan || amountEgp < plan.minAmount || amountEgp > plan.maxAmount) {
      return statusBody(type, 21010, 'Amount not allowed for this installment plan');
    }
    if (!plan.accountType.pans.some((bin) => card.firstSixDigits.startsWith(bin))) {
      return statusBody(type, 99942, 'Card not allowed for this installment plan');
    }
    order.installmentPlanId = plan.id;
    order.installmentMonths = plan.noOfMonths;
    order.installmentInterestPiasters = Math.round((order.amountPiasters * plan.rate) / 100);
  }
  const cvv = typeof request.cvv === 'string' ? request.cvv : '';
  const cvvFailure =
    !/^\d{3,4}$/.test(cvv) || cvv === SANDBOX_TEST_CVVS.wrongCvv
      ? { code: 99963, reason: 'Security check violation (CVV)' }
      : cvv === SANDBOX_TEST_CVVS.declined
        ? { code: 99907, reason: 'Declined by issuing bank' }
        : undefined;
  const created = await sandbox.createOrder({ ...order, failure: cvvFailure });
  if (!created) {
    return duplicate(sandbox);
  }
  if (cvvFailure) {
    return statusBody(type, cvvFailure.code, cvvFailure.reason);
  }
  if (threeDs) {
    return {
      status: 200,
      body: {
        type,
        statusCode: 200,
        statusDescription: OK,
        nextAction: {
          type: 'THREE_D_SECURE',
          redirectUrl: `${publicBaseUrl}/emu/3ds/${encodeURIComponent(created.merchantRefNum)}`,
        },
      },
    };
  }
  // Installments without 3-D Secure ([UNCERTAIN] U4), or a frictionless card: decided at once.
  const decided =
    card.behaviour === 'approve' || card.behaviour === 'frictionless'
      ? await sandbox.pay(created.merchantRefNum, 'api')
      : await sandbox.fail(
          created.merchantRefNum,
          'api',
          card.behaviour === 'decline' ? 99907 : 99951,
          card.behaviour === 'decline' ? 'Declined by issuing bank' : 'Insufficient funds',
        );
  const final = decided ?? created;
  if (final.status === 'FAILED') {
    return statusBody(type, final.failureErrorCode ?? 99907, final.failureReason ?? 'Declined');
  }
  return {
    status: 200,
    body: {
      type,
      statusCode: 200,
      statusDescription: OK,
      ...orderFields(final, sandbox.secureKey),
      authNumber: final.authNumber,
    },
  };
}

function duplicate(sandbox: FawrySandbox): ApiResult {
  return statusBody(
    'ChargeResponse',
    sandbox.options.duplicateMerchantRefNumCode ?? 9999,
    'Duplicate merchant reference number (sandbox: the real code is unknown)',
  );
}

/** The order fields of a charge answer (§3.1), with the response signature (U16). */
export function orderFields(order: SandboxOrder, secureKey: string): Record<string, unknown> {
  return {
    referenceNumber: order.fawryRefNumber,
    merchantRefNumber: order.merchantRefNum,
    orderAmount: piastersToNumber(order.orderAmountPiasters),
    paymentAmount: piastersToNumber(order.paymentAmountPiasters),
    fawryFees: piastersToNumber(order.fawryFeesPiasters),
    paymentMethod: order.paymentMethod,
    orderStatus: order.status,
    ...(order.paymentTime === null ? {} : { paymentTime: order.paymentTime }),
    customerMobile: order.customerMobile ?? '',
    customerMail: order.customerEmail ?? '',
    customerProfileId: order.customerProfileId ?? '',
    signature: chargeResponseSignature(order, secureKey),
  };
}

export function chargeResponseSignature(order: SandboxOrder, secureKey: string): string {
  return signChargeResponse(
    {
      referenceNumber: order.fawryRefNumber,
      merchantRefNumber: order.merchantRefNum,
      paymentAmountPiasters: order.paymentAmountPiasters,
      orderAmountPiasters: order.orderAmountPiasters,
      orderStatus: order.status,
      paymentMethod: order.paymentMethod,
      fawryFeesPiasters: order.fawryFeesPiasters,
      authNumber: order.authNumber,
      customerMail: order.customerEmail,
      customerMobile: order.customerMobile,
    },
    secureKey,
  );
}

/**
 * The query the sandbox appends to a card charge's returnUrl after 3-D Secure (§3.2 list, U1),
 * signed with the §3.1 response formula.
 */
export function threeDsReturnQuery(order: SandboxOrder, secureKey: string): URLSearchParams {
  const paid = order.status === 'PAID';
  const params = new URLSearchParams({
    type: 'ChargeResponse',
    referenceNumber: order.fawryRefNumber,
    merchantRefNumber: order.merchantRefNum,
    orderAmount: formatFawryAmount(order.orderAmountPiasters),
    paymentAmount: formatFawryAmount(order.paymentAmountPiasters),
    fawryFees: formatFawryAmount(order.fawryFeesPiasters),
    paymentMethod: order.paymentMethod,
    orderStatus: order.status,
  });
  if (order.paymentTime !== null) {
    params.set('paymentTime', String(order.paymentTime));
  }
  if (order.authNumber) {
    params.set('authNumber', order.authNumber);
  }
  params.set('customerMobile', order.customerMobile ?? '');
  params.set('customerMail', order.customerEmail ?? '');
  params.set('customerProfileId', order.customerProfileId ?? '');
  params.set('signature', chargeResponseSignature(order, secureKey));
  params.set('statusCode', paid ? '200' : String(order.failureErrorCode ?? 99907));
  params.set('statusDescription', paid ? OK : (order.failureReason ?? 'Declined'));
  return params;
}

// -------------------------------------------------------------------------------------------------
// GET /ECommerceWeb/Fawry/payments/status/v2

export async function handlePaymentStatusV2(sandbox: FawrySandbox, query: unknown): Promise<ApiResult> {
  const parsed = PaymentStatusQuerySchema.safeParse(query);
  if (!parsed.success) {
    return invalidRequest(parsed.error.issues);
  }
  const { merchantCode, merchantRefNumber, signature } = parsed.data;
  if (merchantCode !== sandbox.merchantCode) {
    return newStyleError(400, 9901, 'Invalid merchant code');
  }
  if (
    !signaturesMatch(
      signPaymentStatusInquiry({ merchantCode, merchantRefNumber }, sandbox.secureKey),
      signature,
    )
  ) {
    return newStyleError(400, 9946, 'Wrong Signature');
  }
  const order = await sandbox.store.getOrder(merchantRefNumber);
  if (!order) {
    return newStyleError(
      404,
      9938,
      'Order not found',
      `No order with merchantRefNumber ${merchantRefNumber}`,
    );
  }
  const current = (await sandbox.findOrder(merchantRefNumber)) ?? order;
  return { status: 200, body: sandbox.buildNotification(current) };
}

// -------------------------------------------------------------------------------------------------
// POST /ECommerceWeb/api/orders/cancel-unpaid-order

export async function handleCancelUnpaidOrder(sandbox: FawrySandbox, body: unknown): Promise<ApiResult> {
  const parsed = CancelUnpaidOrderRequestSchema.safeParse(body);
  if (!parsed.success) {
    return invalidRequest(parsed.error.issues);
  }
  const { merchantAccount, orderRefNo, lang, signature } = parsed.data;
  if (merchantAccount !== sandbox.merchantCode) {
    return newStyleError(400, 9901, 'Invalid merchant code');
  }
  if (
    !signaturesMatch(
      signCancelUnpaidOrder({ orderRefNo, merchantAccount, lang }, sandbox.secureKey),
      signature,
    )
  ) {
    return newStyleError(400, 9946, 'Wrong Signature');
  }
  const order = await sandbox.store.getOrderByFawryRef(orderRefNo);
  if (!order) {
    return newStyleError(404, 9938, 'Order not found');
  }
  try {
    const canceled = await sandbox.cancel(order.merchantRefNum, 'api');
    if (!canceled) {
      return newStyleError(404, 9938, 'Order not found');
    }
  } catch (error) {
    if (!(error instanceof SandboxTransitionError)) {
      throw error;
    }
    const status = error.order.status;
    if (status === 'CANCELED') {
      return newStyleError(400, 9984, 'Order already cancelled');
    }
    if (status === 'PAID' || status === 'REFUNDED' || status === 'PARTIAL_REFUNDED') {
      return newStyleError(400, 400, 'Order already paid');
    }
    return newStyleError(400, 400, `Order is ${status.toLowerCase()}`);
  }
  return { status: 200, body: {} };
}

// -------------------------------------------------------------------------------------------------
// POST /ECommerceWeb/Fawry/payments/refund

export async function handleRefund(sandbox: FawrySandbox, body: unknown): Promise<ApiResult> {
  const parsed = RefundRequestSchema.safeParse(body);
  if (!parsed.success) {
    return invalidRequest(parsed.error.issues);
  }
  const request = parsed.data;
  const type = 'ResponseDataModel';
  if (request.merchantCode !== sandbox.merchantCode) {
    return statusBody(type, 9901, 'Invalid merchant code');
  }
  const amount = tryParseFawryAmount(request.refundAmount);
  if (amount === null) {
    return statusBody(type, 9935, 'Invalid refund amount');
  }
  const expected = signRefund(
    {
      merchantCode: request.merchantCode,
      referenceNumber: request.referenceNumber,
      refundAmountPiasters: amount,
      reason: request.reason,
    },
    sandbox.secureKey,
  );
  if (!signaturesMatch(expected, request.signature)) {
    return statusBody(type, 9946, 'Wrong Signature');
  }
  const order = await sandbox.store.getOrderByFawryRef(request.referenceNumber);
  if (!order) {
    return statusBody(type, 9938, 'Order not found');
  }
  try {
    await sandbox.refund(order.merchantRefNum, amount, 'api');
  } catch (error) {
    if (error instanceof SandboxTransitionError) {
      return statusBody(type, 9954, 'Order is not paid');
    }
    if (error instanceof RangeError) {
      return statusBody(type, 9935, 'Refund amount greater than paid amount');
    }
    throw error;
  }
  return statusBody(type, 200, OK);
}

// -------------------------------------------------------------------------------------------------
// GET / DELETE /ECommerceWeb/Fawry/cards/cardToken

export function cardWire(card: SandboxCard) {
  return {
    token: card.token,
    creationDate: card.creationDate,
    lastFourDigits: card.lastFourDigits,
    firstSixDigits: card.firstSixDigits,
    brand: card.brand,
    isDefault: card.isDefault,
    cardHolderName: card.cardHolderName,
  };
}

export async function handleListCardTokens(sandbox: FawrySandbox, query: unknown): Promise<ApiResult> {
  const parsed = ListCardTokensQuerySchema.safeParse(query);
  if (!parsed.success) {
    return invalidRequest(parsed.error.issues);
  }
  const { merchantCode, customerProfileId, signature } = parsed.data;
  const type = 'CustomerTokensResponse';
  if (merchantCode !== sandbox.merchantCode) {
    return statusBody(type, 9901, 'Invalid merchant code');
  }
  if (
    !signaturesMatch(signListCardTokens({ merchantCode, customerProfileId }, sandbox.secureKey), signature)
  ) {
    return statusBody(type, 9946, 'Wrong Signature');
  }
  const cards = await sandbox.listCards(customerProfileId);
  return { status: 200, body: { type, statusCode: 200, statusDescription: OK, cards: cards.map(cardWire) } };
}

export async function handleDeleteCardToken(sandbox: FawrySandbox, query: unknown): Promise<ApiResult> {
  const parsed = DeleteCardTokenQuerySchema.safeParse(query);
  if (!parsed.success) {
    return invalidRequest(parsed.error.issues);
  }
  const { merchantCode, customerProfileId, cardToken, signature } = parsed.data;
  const type = 'CardTokenResponse';
  if (merchantCode !== sandbox.merchantCode) {
    return statusBody(type, 9901, 'Invalid merchant code');
  }
  const expected = signDeleteCardToken({ merchantCode, customerProfileId, cardToken }, sandbox.secureKey);
  if (!signaturesMatch(expected, signature)) {
    return statusBody(type, 9946, 'Wrong Signature');
  }
  if (!(await sandbox.deleteCard(customerProfileId, cardToken))) {
    return statusBody(type, 99956, 'Card not found');
  }
  return statusBody(type, 200, OK);
}

// -------------------------------------------------------------------------------------------------
// GET /ECommerceWeb/api/merchant/installment-plans

export function handleInstallmentPlans(sandbox: FawrySandbox, query: unknown): ApiResult {
  const accountNumber = (query as Record<string, unknown> | null)?.accountNumber;
  if (accountNumber !== sandbox.merchantCode) {
    return newStyleError(400, 9901, 'Invalid merchant code');
  }
  return { status: 200, body: SANDBOX_INSTALLMENT_PLANS };
}

// -------------------------------------------------------------------------------------------------
// The 3-D Secure page's decision

/**
 * Approve or decline on the 3-D Secure page. The card's emulator behaviour wins over "approve"
 * (the declined test card fails 99907, the insufficient-funds one 99951). Answers the order after the
 * decision, or undefined when there is no such card order.
 */
export async function completeThreeDs(
  sandbox: FawrySandbox,
  merchantRefNum: string,
  decision: 'approve' | 'decline',
): Promise<SandboxOrder | undefined> {
  const order = await sandbox.findOrder(merchantRefNum);
  if (order?.kind !== 'CARD') {
    return undefined;
  }
  if (order.status !== 'NEW') {
    return order;
  }
  const cards = order.customerProfileId ? await sandbox.listCards(order.customerProfileId) : [];
  const behaviour = cards.find((card) => card.token === order.cardToken)?.behaviour ?? 'approve';
  try {
    if (decision === 'decline') {
      return await sandbox.fail(order.merchantRefNum, 'page', 99907, 'Declined by 3-D Secure authentication');
    }
    if (behaviour === 'decline') {
      return await sandbox.fail(order.merchantRefNum, 'page', 99907, 'Declined by issuing bank');
    }
    if (behaviour === 'insufficient-funds') {
      return await sandbox.fail(order.merchantRefNum, 'page', 99951, 'Insufficient funds');
    }
    return await sandbox.pay(order.merchantRefNum, 'page');
  } catch (error) {
    if (error instanceof SandboxTransitionError) {
      return error.order; // decided (or expired) meanwhile
    }
    throw error;
  }
}
