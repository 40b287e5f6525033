import { PaymentMethod, PaymentStatus } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { parseFawryNotification } from './notifications.ts';
import { signNotificationV2 } from './signatures.ts';

/**
 * Notifications shaped as Fawry documents them (fawry-api.md §4.1) and as it really sends them: only the
 * fields the §4.2 signature covers may refuse one (decision 0015).
 */

const KEY = '11111111-2222-3333-4444-555555555555';

/** A card PAID notification with every §4.1 field, signed with the real signature function. */
function cardPaid(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    requestId: 'c72827d084ea4b88949d91dd2db4996e',
    fawryRefNumber: '951234567',
    merchantRefNumber: '100237',
    customerName: 'منى أحمد',
    customerMobile: '01012345678',
    customerMail: 'mona@example.com',
    customerMerchantId: '42',
    paymentAmount: 152.5,
    orderAmount: 150.0,
    fawryFees: 2.5,
    shippingFees: '',
    orderStatus: 'PAID',
    paymentMethod: 'CARD',
    paymentTime: 1_700_000_000_000,
    authNumber: '123456',
    paymentRefrenceNumber: '7654321',
    orderExpiryDate: 1_700_100_000_000,
    orderItems: [{ itemCode: '100237', price: 150.0, quantity: 1 }],
    threeDSInfo: { eci: '05', enrolled: 'Y', status: 'Y', verStatus: 'Y', verType: '3DS', command: 'pay' },
    invoiceInfo: { number: '', businessRefNumber: '', dueDate: '', expiryDate: '' },
    ...overrides,
  };
  body.messageSignature = signNotificationV2(
    {
      fawryRefNumber: String(body.fawryRefNumber),
      merchantRefNumber: String(body.merchantRefNumber),
      paymentAmountPiasters: Math.round(Number(body.paymentAmount) * 100),
      orderAmountPiasters: Math.round(Number(body.orderAmount) * 100),
      orderStatus: String(body.orderStatus),
      paymentMethod: String(body.paymentMethod),
      paymentRefrenceNumber: body.paymentRefrenceNumber as string | undefined,
    },
    KEY,
  );
  return body;
}

function without(body: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = body;
  return rest;
}

describe('a correctly signed notification is accepted whatever Fawry puts in the unsigned fields', () => {
  it.each([
    ['authNumber ""', { authNumber: '' }],
    ['customerMerchantId ""', { customerMerchantId: '' }],
    ['orderItems[].itemCode ""', { orderItems: [{ itemCode: '', price: 150, quantity: 1 }] }],
    ['customerMobile as a number', { customerMobile: 1012345678 }],
    ['customerMail ""', { customerMail: '' }],
    ['customerMail null', { customerMail: null }],
    ['paymentTime as a numeric string', { paymentTime: '1700000000000' }],
    ['paymentTime as a date string', { paymentTime: '2023-11-14T22:13:20Z' }],
    ['fawryFees missing', { fawryFees: undefined }],
    ['orderExpiryDate as a string', { orderExpiryDate: '1700100000000' }],
    ['orderExpiryDate in hours', { orderExpiryDate: 48 }],
    ['threeDSInfo and invoiceInfo null', { threeDSInfo: null, invoiceInfo: null }],
    ['unknown extra fields', { somethingNew: { nested: true }, anotherOne: [1, 2] }],
    ['amounts as numeric strings', { paymentAmount: '152.50', orderAmount: '150.00' }],
    ['ids as numbers', { fawryRefNumber: 951234567, merchantRefNumber: 100237 }],
  ])('%s', (_name, overrides) => {
    const body = cardPaid(overrides);
    if ('fawryFees' in overrides) {
      delete body.fawryFees;
    }
    const result = parseFawryNotification(body, KEY);
    expect(result.ok).toBe(true);
    if (!result.ok) {
      return;
    }
    expect(result.state).toMatchObject({
      fawryRefNumber: '951234567',
      merchantRefNumber: '100237',
      status: PaymentStatus.Paid,
      method: PaymentMethod.Card,
      orderAmountPiasters: 15000,
      paymentAmountPiasters: 15250,
      paymentReferenceNumber: '7654321',
      oddities: [],
    });
    expect(result.state.raw).toBe(body);
  });

  it('reads the empty and numeric variants as we use them', () => {
    const result = parseFawryNotification(
      cardPaid({
        authNumber: '',
        customerMerchantId: '',
        customerMobile: 1012345678,
        paymentTime: '2023-11-14T22:13:20Z',
        orderExpiryDate: 48,
        fawryFees: '',
        requestId: '',
      }),
      KEY,
    );
    expect(result.ok && result.state).toMatchObject({
      authNumber: null,
      customerProfileId: null,
      paymentTime: new Date(1_700_000_000_000),
      expiresAt: null,
      fawryFeesPiasters: null,
      requestId: null,
    });
    const numeric = parseFawryNotification(cardPaid({ customerMerchantId: 42, authNumber: 654321 }), KEY);
    expect(numeric.ok && numeric.state).toMatchObject({ customerProfileId: '42', authNumber: '654321' });
  });

  it('notes unsigned values it cannot read as oddities, and still accepts the payment', () => {
    const result = parseFawryNotification(
      cardPaid({
        fawryFees: 'n/a',
        paymentTime: 'yesterday',
        failureReason: { text: 'x' },
        installmentMonths: 'six',
      }),
      KEY,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) {
      return;
    }
    expect(result.state).toMatchObject({
      status: PaymentStatus.Paid,
      fawryFeesPiasters: null,
      paymentTime: null,
      failureReason: null,
      installmentMonths: null,
    });
    expect(result.state.oddities).toEqual([
      'installmentMonths: "six" is not a whole number',
      'fawryFees: "n/a" is not an amount',
      'paymentTime: "yesterday" is not a time',
      'failureReason: object is not text',
    ]);
  });
});

describe('only a missing signed field or a bad signature refuses a notification', () => {
  it.each([
    'fawryRefNumber',
    'merchantRefNumber',
    'paymentAmount',
    'orderAmount',
    'orderStatus',
    'paymentMethod',
    'messageSignature',
  ])('without %s: malformed', (field) => {
    const result = parseFawryNotification(without(cardPaid(), field), KEY);
    expect(result).toMatchObject({ ok: false, error: 'malformed' });
    expect(result.ok === false && result.error === 'malformed' && result.issues.join()).toContain(field);
  });

  it('a signed field that cannot be hashed is malformed; an empty payment reference is signed as ""', () => {
    expect(parseFawryNotification(cardPaid({ orderAmount: '' }), KEY)).toMatchObject({ error: 'malformed' });
    expect(parseFawryNotification(cardPaid({ paymentAmount: 1.005 }), KEY)).toMatchObject({
      error: 'malformed',
    });
    const creation = cardPaid({ orderStatus: 'NEW', paymentRefrenceNumber: '', authNumber: '' });
    expect(parseFawryNotification(creation, KEY)).toMatchObject({
      ok: true,
      state: { status: PaymentStatus.New, paymentReferenceNumber: null },
    });
    expect(parseFawryNotification(without(creation, 'paymentRefrenceNumber'), KEY).ok).toBe(true);
  });

  it('a change to any signed field breaks the signature; unsigned fields do not', () => {
    const body = cardPaid();
    for (const [field, value] of [
      ['fawryRefNumber', '951234568'],
      ['merchantRefNumber', '100238'],
      ['paymentAmount', 1],
      ['orderAmount', 1],
      ['orderStatus', 'REFUNDED'],
      ['paymentMethod', 'PAYATFAWRY'],
      ['paymentRefrenceNumber', '1'],
    ] as const) {
      expect(parseFawryNotification({ ...body, [field]: value }, KEY)).toEqual({
        ok: false,
        error: 'bad-signature',
      });
    }
    expect(parseFawryNotification({ ...body, messageSignature: 'f'.repeat(64) }, KEY)).toEqual({
      ok: false,
      error: 'bad-signature',
    });
    expect(parseFawryNotification({ ...body, customerMerchantId: '7', fawryFees: 99 }, KEY).ok).toBe(true);
  });
});
