import { PaymentStatus } from '@hiwar/domain';
import { describe, expect, it, vi } from 'vitest';
import { createFawryClient, encodeFawryJson, isAuthenticatedChannel } from './client.ts';
import { FawryError } from './errors.ts';
import { signNotificationV2 } from './signatures.ts';

/**
 * The client against a scripted fetch: the exact bytes it sends, and how it reads each kind of answer
 * (fawry-api.md §2.5). The sandbox tests cover the same calls end to end.
 */

const KEY = '11111111-2222-3333-4444-555555555555';
const MERCHANT = '770000012345';
const TOKEN = '9c1f3a7e5b2d4c6e8f0a1b2c3d4e5f60718293a4b5c6d7e8f9012345678abcd';

type Reply = { status?: number; body?: unknown; text?: string } | Error | 'hang';

function scripted(...replies: Reply[]) {
  const calls: { url: URL; method: string; body: string | undefined; headers: Record<string, string> }[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({
      url: new URL(String(input)),
      method: init?.method ?? 'GET',
      body: init?.body as string | undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    const reply = replies.shift() ?? { body: { statusCode: 200 } };
    if (reply === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    }
    if (reply instanceof Error) {
      throw reply;
    }
    const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(text, {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const client = createFawryClient({
    baseUrl: 'https://atfawry.fawrystaging.com/',
    merchantCode: MERCHANT,
    secureKey: KEY,
    fetch: fetch as unknown as typeof globalThis.fetch,
    timeoutMs: 50,
    returnUrl: 'https://app.example.com/payments/3ds-return',
  });
  return { client, calls, fetch };
}

const student = {
  customerProfileId: 42,
  customerMobile: '01012345678',
  customerEmail: 'student@example.com',
};

async function failure(promise: Promise<unknown>): Promise<FawryError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FawryError);
  return error as FawryError;
}

describe('what the client sends', () => {
  it('a reference-number charge: two-decimal amounts in the body and the doc vector signature', async () => {
    const { client, calls } = scripted({
      body: {
        type: 'ChargeResponse',
        statusCode: 200,
        statusDescription: 'Operation done successfully',
        referenceNumber: 951234567,
        merchantRefNumber: '100234',
        expirationTime: 1_700_000_000_000,
        orderStatus: 'UNPAID',
        orderAmount: 150,
        paymentAmount: 152.5,
        fawryFees: 2.5,
      },
    });
    const result = await client.payAtFawry({
      ...student,
      merchantRefNum: 100234,
      amountPiasters: 15000,
      description: 'اشتراك شهري',
      expiresAt: new Date(1_700_000_000_000),
    });
    const call = calls[0]!;
    expect(call.url.toString()).toBe('https://atfawry.fawrystaging.com/ECommerceWeb/Fawry/payments/charge');
    expect(call.method).toBe('POST');
    expect(call.headers['Content-Type']).toBe('application/json');
    expect(call.body).toContain('"amount":150.00');
    expect(call.body).toContain('"price":150.00');
    expect(JSON.parse(call.body!)).toMatchObject({
      merchantCode: MERCHANT,
      merchantRefNum: 100234,
      customerProfileId: 42,
      paymentMethod: 'PAYATFAWRY',
      currencyCode: 'EGP',
      language: 'ar-eg',
      paymentExpiry: 1_700_000_000_000,
      chargeItems: [{ itemId: '100234', description: 'اشتراك شهري', price: 150, quantity: 1 }],
      signature: '43a2ed653b56aee4a81fc76b9a4ea19ad72b2bae883fd3344459809ad6939284',
    });
    expect(result).toMatchObject({
      referenceNumber: '951234567',
      merchantRefNumber: '100234',
      orderStatus: 'UNPAID',
      status: 0,
      orderAmountPiasters: 15000,
      paymentAmountPiasters: 15250,
      fawryFeesPiasters: 250,
      expiresAt: new Date(1_700_000_000_000),
    });
  });

  it('a card-token charge with CVV, 3-D Secure and the return URL, signed as the doc vector', async () => {
    const { client, calls } = scripted({
      body: {
        statusCode: 200,
        nextAction: { type: 'THREE_D_SECURE', redirectUrl: 'https://bank.example/3ds' },
      },
    });
    const result = await client.chargeCardToken({
      ...student,
      merchantRefNum: 100237,
      amountPiasters: 15000,
      description: 'x',
      cardToken: TOKEN,
      cvv: '123',
    });
    expect(JSON.parse(calls[0]!.body!)).toMatchObject({
      paymentMethod: 'CARD',
      cardToken: TOKEN,
      cvv: '123',
      enable3DS: true,
      authCaptureModePayment: false,
      returnUrl: 'https://app.example.com/payments/3ds-return',
      signature: '17cf5067dd04bae606612afc0a8f153e7ec8c673b275d62eaf7861e33f0b7c0a',
    });
    expect(result.redirectUrl).toBe('https://bank.example/3ds');
  });

  it('a wallet request-to-pay on the /ECommerceWeb/api path', async () => {
    const { client, calls } = scripted({ body: { statusCode: 200, referenceNumber: '951234568' } });
    const result = await client.payWithWallet({
      ...student,
      merchantRefNum: 100236,
      amountPiasters: 15000,
      description: 'x',
      walletMobile: '01012345678',
    });
    expect(calls[0]!.url.pathname).toBe('/ECommerceWeb/api/payments/charge');
    expect(JSON.parse(calls[0]!.body!)).toMatchObject({
      paymentMethod: 'MWALLET',
      debitMobileWalletNo: '01012345678',
      signature: 'bfbd2d9281759569981a974f92a3e33156d14ff2743e3969ac4d4ca9e67ff228',
    });
    expect(result.walletQr).toBeNull();
  });

  it('an installment charge sends the 3-D Secure return URL but signs the documented form without it', async () => {
    const { client, calls } = scripted({
      body: { statusCode: 200, nextAction: { type: 'THREE_D_SECURE', redirectUrl: 'https://b/3' } },
    });
    const result = await client.payWithBankInstallments({
      ...student,
      merchantRefNum: 100238,
      amountPiasters: 120000,
      description: 'x',
      cardToken: TOKEN,
      cvv: '123',
      installmentPlanId: 37,
    });
    // The doc's §8 vector: ...42CARD1200.00<token>12337<key>, no returnUrl (decision 0015).
    expect(JSON.parse(calls[0]!.body!)).toMatchObject({
      installmentPlanId: 37,
      enable3DS: true,
      returnUrl: 'https://app.example.com/payments/3ds-return',
      signature: '7738dddbfbe97c36f1877e6a06c56760b3afeade00417fff288bb9e4910f6ec4',
    });
    expect(result.redirectUrl).toBe('https://b/3');
  });

  it('reads, refunds, cancels and deletes with the doc vector signatures', async () => {
    const card = {
      token: TOKEN,
      lastFourDigits: '4242',
      firstSixDigits: 424242,
      brand: 'VISA',
      isDefault: true,
    };
    const { client, calls } = scripted(
      { status: 404, body: { code: 9938, description: 'Order not found' } },
      {
        body: {
          type: 'ResponseDataModel',
          statusCode: 200,
          statusDescription: 'Operation done successfully',
        },
      },
      { body: {} },
      { body: { statusCode: 200, cards: [card] } },
      { body: { statusCode: 200, cards: [card] } },
      { body: { type: 'CardTokenResponse', statusCode: 200 } },
    );
    expect(await client.getPaymentStatus(100234)).toBeNull();
    await client.refund({ referenceNumber: '951234567', amountPiasters: 5000, reason: 'Lesson cancelled' });
    expect(await client.cancelUnpaidOrder({ referenceNumber: '951234567' })).toBe('canceled');
    const cards = await client.listCardTokens(42);
    await client.deleteCardToken({ customerProfileId: 42, cardToken: TOKEN });

    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      merchantCode: MERCHANT,
      merchantRefNumber: '100234',
      signature: '2bb00ca57d3ba17bb23feef2fab2587c93b8773ebff21ee89691bdd744dcdfef',
    });
    expect(calls[1]!.body).toContain('"refundAmount":50.00');
    expect(JSON.parse(calls[1]!.body!).signature).toBe(
      '8df86b95ff07d20d252687272eab7399affdf075675638e694e53a55ce12dd41',
    );
    expect(JSON.parse(calls[2]!.body!)).toEqual({
      merchantAccount: MERCHANT,
      orderRefNo: '951234567',
      lang: 'ar-eg',
      signature: 'aa04df6fcdb42dcbaa97903f225585d74838e646d79b1195e43a74129b6506e6',
    });
    expect(calls[3]!.url.searchParams.get('signature')).toBe(
      '52de5e5c3d95944bfe1ab7d9538dd87ef3c500829ed9d1268d6d5725dab4a424',
    );
    expect(cards).toEqual([
      {
        token: TOKEN,
        brand: 'VISA',
        firstSixDigits: '424242',
        lastFourDigits: '4242',
        cardHolderName: null,
        isDefault: true,
        createdAt: null,
      },
    ]);
    expect(calls[5]!.method).toBe('DELETE');
    expect(calls[5]!.body).toBeUndefined();
    expect(calls[5]!.url.searchParams.get('signature')).toBe(
      '029e7c9266903e1a9b002ca962503e0f38beb065535e6d8bc8cb378f55b76737',
    );
  });

  it('builds the tokenization page URL from the session user (no signature exists on it)', () => {
    const { client } = scripted();
    const url = new URL(
      client.cardTokenizationUrl({ customerProfileId: 42, returnUrl: 'https://app.example.com/card-added' }),
    );
    expect(url.origin + url.pathname).toBe('https://atfawry.fawrystaging.com/atfawry/plugin/card-token');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      accNo: MERCHANT,
      customerProfileId: '42',
      returnUrl: 'https://app.example.com/card-added',
      locale: 'ar',
    });
  });

  it('never lets a user string pass for an amount in the body', () => {
    const json = encodeFawryJson({ description: '"fawry-decimal-x:1.00"' });
    expect(JSON.parse(json)).toEqual({ description: '"fawry-decimal-x:1.00"' });
  });
});

describe('how the client reads failures', () => {
  const charge = {
    ...student,
    merchantRefNum: 7,
    amountPiasters: 15000,
    description: 'x',
    cardToken: TOKEN,
    cvv: '123',
  };

  it('a business error in a 200 body is a fawry-error with Fawry’s code and description', async () => {
    const { client } = scripted({
      body: { type: 'ChargeResponse', statusCode: 9946, statusDescription: 'Wrong Signature' },
    });
    const error = await failure(client.chargeCardToken(charge));
    expect(error).toMatchObject({
      code: 'fawry-error',
      status: 502,
      reason: 'invalid-signature',
      fawryStatusCode: 9946,
      fawryDescription: 'Wrong Signature',
      httpStatus: 200,
      outcomeUnknown: false,
    });
  });

  it('an issuer decline is card-declined; a CVV refusal is invalid-cvv', async () => {
    const { client } = scripted(
      { body: { statusCode: 99951, statusDescription: 'Insufficient funds' } },
      { body: { statusCode: 99963 } },
    );
    expect(await failure(client.chargeCardToken(charge))).toMatchObject({
      code: 'fawry-error',
      reason: 'card-declined',
    });
    expect(await failure(client.chargeCardToken(charge))).toMatchObject({
      code: 'invalid-cvv',
      status: 400,
      fawryStatusCode: 99963,
    });
  });

  it('a malformed CVV is refused before anything is sent', async () => {
    const { client, fetch } = scripted();
    expect(await failure(client.chargeCardToken({ ...charge, cvv: '12' }))).toMatchObject({
      code: 'invalid-cvv',
    });
    expect(await failure(client.chargeCardToken({ ...charge, cvv: '12a' }))).toMatchObject({
      code: 'invalid-cvv',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a timeout is service-unavailable, and the outcome of a charge is unknown', async () => {
    const { client } = scripted('hang', 'hang');
    const error = await failure(client.chargeCardToken(charge));
    expect(error).toMatchObject({
      code: 'service-unavailable',
      status: 503,
      reason: 'timeout',
      outcomeUnknown: true,
    });
    expect(await failure(client.getPaymentStatus(7))).toMatchObject({
      reason: 'timeout',
      outcomeUnknown: false,
    });
  });

  it('a dropped connection is retried once for a read, never for a charge', async () => {
    const reading = scripted(new TypeError('fetch failed'), { status: 404, body: { code: 9938 } });
    expect(await reading.client.getPaymentStatus(7)).toBeNull();
    expect(reading.fetch).toHaveBeenCalledTimes(2);

    const charging = scripted(new TypeError('fetch failed'));
    expect(await failure(charging.client.chargeCardToken(charge))).toMatchObject({
      reason: 'network',
      outcomeUnknown: true,
    });
    expect(charging.fetch).toHaveBeenCalledTimes(1);
  });

  it('only Fawry’s own 404 means "no such order"; a foreign 404 is an error, never null', async () => {
    const { client } = scripted(
      { status: 404, body: { code: 9938, description: 'Order not found' } },
      { status: 200, body: { statusCode: 9938, statusDescription: 'not found' } },
      { status: 404, body: { code: 'not-found', message: 'Route GET /x not found' } },
      { status: 404, text: '<html>Not Found</html>' },
    );
    expect(await client.getPaymentStatus(1)).toBeNull();
    expect(await client.getPaymentStatus(1)).toBeNull();
    expect(await failure(client.getPaymentStatus(1))).toMatchObject({ code: 'fawry-error', httpStatus: 404 });
    expect(await failure(client.getPaymentStatus(1))).toMatchObject({ code: 'fawry-error', httpStatus: 404 });
  });

  it('HTTP 5xx is service-unavailable; an unreadable 200 is a bad response', async () => {
    const { client } = scripted({ status: 502, text: '<html>Bad gateway</html>' }, { text: 'not json' });
    expect(await failure(client.refund({ referenceNumber: '1', amountPiasters: 100 }))).toMatchObject({
      code: 'service-unavailable',
      reason: 'server-error',
      httpStatus: 502,
      outcomeUnknown: true,
    });
    expect(await failure(client.payAtFawry({ ...charge }))).toMatchObject({
      code: 'fawry-error',
      reason: 'bad-response',
    });
  });

  it('cancel: already cancelled resolves, already paid fails with cannot-cancel', async () => {
    const { client } = scripted(
      { status: 400, body: { code: 9984, description: 'already cancelled' } },
      { status: 400, body: { code: 400, description: 'Order already paid' } },
    );
    expect(await client.cancelUnpaidOrder({ referenceNumber: '1' })).toBe('already-canceled');
    expect(await failure(client.cancelUnpaidOrder({ referenceNumber: '1' }))).toMatchObject({
      reason: 'cannot-cancel',
      fawryStatusCode: 400,
      httpStatus: 400,
    });
  });

  it('refund errors carry their meaning', async () => {
    const { client } = scripted({ body: { statusCode: 9935 } }, { body: { statusCode: 9954 } });
    expect(await failure(client.refund({ referenceNumber: '1', amountPiasters: 100 }))).toMatchObject({
      reason: 'refund-exceeds-paid',
    });
    expect(await failure(client.refund({ referenceNumber: '1', amountPiasters: 100 }))).toMatchObject({
      reason: 'not-paid',
    });
  });

  it('deleting a token the customer does not own is refused without calling delete', async () => {
    const { client, calls } = scripted({ body: { statusCode: 200, cards: [] } });
    expect(await failure(client.deleteCardToken({ customerProfileId: 42, cardToken: TOKEN }))).toMatchObject({
      reason: 'card-not-found',
    });
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  });

  it('programming errors fail loudly before any call', async () => {
    const { client, fetch } = scripted();
    expect(() => createFawryClient({ baseUrl: 'ftp://x', merchantCode: 'm', secureKey: 'k' })).toThrow(
      TypeError,
    );
    await expect(client.payAtFawry({ ...charge, amountPiasters: 150.5 })).rejects.toThrow(RangeError);
    await expect(
      client.payAtFawry({
        ...charge,
        items: [{ itemId: 'a', description: 'a', pricePiasters: 100, quantity: 1 }],
      }),
    ).rejects.toThrow(/add up/);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('Fawry as it really answers (decision 0015)', () => {
  const card = {
    ...student,
    merchantRefNum: 100237,
    amountPiasters: 15000,
    description: 'x',
    cardToken: TOKEN,
    cvv: '123',
  };

  /** A status v2 body as Fawry answers it: no messageSignature, the unsigned fields as Fawry fills them. */
  const unsignedStatus = {
    requestId: '',
    fawryRefNumber: 951234567,
    merchantRefNumber: '100237',
    customerName: null,
    customerMobile: 1012345678,
    customerMail: '',
    customerMerchantId: '',
    paymentAmount: '150.00',
    orderAmount: 150,
    orderStatus: 'PAID',
    paymentMethod: 'CARD',
    paymentTime: '1700000000000',
    authNumber: '',
    paymentRefrenceNumber: '7654321',
    orderExpiryDate: '48',
    orderItems: [{ itemCode: '', price: 150, quantity: 1 }],
    threeDSInfo: null,
    invoiceInfo: { number: '' },
    somethingNew: true,
  };

  it('a status answer without messageSignature is read, and vouched for by the HTTPS channel', async () => {
    const { client } = scripted({ body: unsignedStatus });
    const status = await client.getPaymentStatus(100237);
    expect(client.authenticatedChannel).toBe(true);
    expect(status).toMatchObject({
      signatureValid: null,
      authenticity: 'channel',
      status: PaymentStatus.Paid,
      fawryRefNumber: '951234567',
      orderAmountPiasters: 15000,
      paymentAmountPiasters: 15000,
      customerProfileId: null,
      authNumber: null,
      paymentTime: new Date(1_700_000_000_000),
      expiresAt: null,
      oddities: [],
    });
  });

  it('a signed status answer is signed; a wrong signature is bad-signature, whatever the channel', async () => {
    const messageSignature = signNotificationV2(
      {
        fawryRefNumber: '951234567',
        merchantRefNumber: '100237',
        paymentAmountPiasters: 15000,
        orderAmountPiasters: 15000,
        orderStatus: 'PAID',
        paymentMethod: 'CARD',
        paymentRefrenceNumber: '7654321',
      },
      KEY,
    );
    const { client } = scripted(
      { body: { ...unsignedStatus, messageSignature } },
      { body: { ...unsignedStatus, messageSignature: 'f'.repeat(64) } },
    );
    expect(await client.getPaymentStatus(100237)).toMatchObject({
      signatureValid: true,
      authenticity: 'signed',
    });
    expect(await client.getPaymentStatus(100237)).toMatchObject({
      signatureValid: false,
      authenticity: 'bad-signature',
    });
  });

  it('over plain HTTP to another machine an unsigned status answer is unverified', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(unsignedStatus), { status: 200 }));
    const client = createFawryClient({
      baseUrl: 'http://fawry.example.com',
      merchantCode: MERCHANT,
      secureKey: KEY,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    expect(client.authenticatedChannel).toBe(false);
    expect(await client.getPaymentStatus(100237)).toMatchObject({
      status: PaymentStatus.Paid,
      authenticity: 'unverified',
    });
  });

  it('a status answer about another order, or without its order fields, is a bad response', async () => {
    const { orderAmount: _dropped, ...noAmount } = unsignedStatus;
    const { client } = scripted({ body: { ...unsignedStatus, merchantRefNumber: '1' } }, { body: noAmount });
    expect(await failure(client.getPaymentStatus(100237))).toMatchObject({ reason: 'bad-response' });
    expect(await failure(client.getPaymentStatus(100237))).toMatchObject({ reason: 'bad-response' });
  });

  it('only HTTPS and this machine are authenticated channels', () => {
    expect(isAuthenticatedChannel('https://www.atfawry.com')).toBe(true);
    expect(isAuthenticatedChannel('http://localhost:4000/fawry-sandbox')).toBe(true);
    expect(isAuthenticatedChannel('http://127.0.0.1:8080')).toBe(true);
    expect(isAuthenticatedChannel('http://[::1]:8080')).toBe(true);
    expect(isAuthenticatedChannel('http://atfawry.fawrystaging.com')).toBe(false);
    expect(isAuthenticatedChannel('http://localhost.example.com')).toBe(false);
  });

  it('a card charge answered PAID without a 3-D Secure step is a direct result', async () => {
    const { client } = scripted({
      body: {
        type: 'ChargeResponse',
        statusCode: 200,
        statusDescription: 'Operation done successfully',
        referenceNumber: 951234567,
        merchantRefNumber: '100237',
        orderAmount: 150,
        paymentAmount: 150,
        fawryFees: 0,
        orderStatus: 'PAID',
        paymentMethod: 'CARD',
        paymentTime: 1_700_000_000_000,
        authNumber: '',
        customerMobile: 1012345678,
        customerMail: null,
        customerProfileId: '',
        signature: 'not-checked',
      },
    });
    expect(await client.chargeCardToken(card)).toMatchObject({
      redirectUrl: null,
      status: PaymentStatus.Paid,
      referenceNumber: '951234567',
      orderAmountPiasters: 15000,
      failureReason: null,
    });
  });

  it('a card charge declined in a 200 body is a direct result with its reason', async () => {
    const { client } = scripted(
      {
        body: {
          statusCode: 200,
          merchantRefNumber: '100237',
          orderStatus: 'FAILED',
          failureErrorCode: '99951',
          failureReason: 'Insufficient funds',
        },
      },
      { body: { statusCode: 200, orderStatus: 'FAILED', failureErrorCode: 99904 } },
    );
    expect(await client.chargeCardToken(card)).toMatchObject({
      redirectUrl: null,
      status: PaymentStatus.Failed,
      failureErrorCode: 99951,
      failureReason: 'Insufficient funds',
    });
    expect(await client.chargeCardToken(card)).toMatchObject({
      status: PaymentStatus.Failed,
      failureReason: 'card reported lost or stolen',
    });
  });

  it('a 200 with neither a 3-D Secure step nor a final status leaves the outcome unknown', async () => {
    const { client } = scripted(
      { body: { statusCode: 200, orderStatus: 'NEW' } },
      { body: { statusCode: 200, merchantRefNumber: '999', orderStatus: 'PAID' } },
    );
    expect(await failure(client.chargeCardToken(card))).toMatchObject({
      reason: 'bad-response',
      outcomeUnknown: true,
    });
    expect(await failure(client.chargeCardToken(card))).toMatchObject({
      reason: 'bad-response',
      outcomeUnknown: true,
    });
  });
});
