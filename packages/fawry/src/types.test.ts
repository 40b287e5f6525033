import { PaymentMethod, PaymentStatus } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { parseFawryNotification } from './notifications.ts';
import { signNotificationV2 } from './signatures.ts';
import { FawryNotificationV2Schema, mapFawryOrderStatus, mapFawryPaymentMethod } from './types.ts';

describe('Fawry statuses map to our payment statuses (fawry-api.md §5.1)', () => {
  it.each([
    ['NEW', PaymentStatus.New],
    ['UNPAID', PaymentStatus.New],
    ['PAID', PaymentStatus.Paid],
    ['CANCELED', PaymentStatus.Canceled],
    ['CANCELLED', PaymentStatus.Canceled],
    ['REFUNDED', PaymentStatus.Refunded],
    ['EXPIRED', PaymentStatus.Expired],
    ['PARTIAL_REFUNDED', PaymentStatus.PartialRefunded],
    ['FAILED', PaymentStatus.Failed],
    ['paid', PaymentStatus.Paid],
    ['PENDING', PaymentStatus.New],
  ])('%s → %i', (fawry, ours) => {
    expect(mapFawryOrderStatus(fawry)).toBe(ours);
  });

  it.each(['DELIVERED', 'SHIPPED', 'SOMETHING_NEW', ''])(
    '%s is not ours: the caller keeps its state',
    (fawry) => {
      expect(mapFawryOrderStatus(fawry)).toBeNull();
    },
  );

  it('maps the payment method spellings Fawry sends back', () => {
    expect(mapFawryPaymentMethod('PAYATFAWRY')).toBe(PaymentMethod.Fawry);
    expect(mapFawryPaymentMethod('PayAtFawry')).toBe(PaymentMethod.Fawry);
    expect(mapFawryPaymentMethod('Mobile Wallet')).toBe(PaymentMethod.EWallet);
    expect(mapFawryPaymentMethod('MWALLET')).toBe(PaymentMethod.EWallet);
    expect(mapFawryPaymentMethod('CARD')).toBe(PaymentMethod.Card);
    expect(mapFawryPaymentMethod('CARD', { installment: true })).toBe(PaymentMethod.BankInstallment);
    expect(mapFawryPaymentMethod('VALU')).toBeNull();
  });
});

describe('parseFawryNotification', () => {
  const KEY = 'secure-key';
  const wallet = {
    requestId: 'c72827d084ea4b88949d91dd2db4996e',
    fawryRefNumber: 951234567,
    merchantRefNumber: '100235',
    customerMobile: '01012345678',
    customerMail: 'student@example.com',
    customerMerchantId: 42,
    paymentAmount: 840.0,
    orderAmount: 840.0,
    fawryFees: 0.0,
    shippingFees: '',
    orderStatus: 'PAID',
    paymentMethod: 'Mobile Wallet',
    paymentTime: 1_700_000_000_000,
    paymentRefrenceNumber: '7654321',
    orderExpiryDate: 1_700_100_000_000,
    orderItems: [{ itemCode: '100235', price: 840, quantity: 1 }],
    messageSignature: '',
  };
  wallet.messageSignature = signNotificationV2(
    {
      fawryRefNumber: '951234567',
      merchantRefNumber: '100235',
      paymentAmountPiasters: 84000,
      orderAmountPiasters: 84000,
      orderStatus: 'PAID',
      paymentMethod: 'Mobile Wallet',
      paymentRefrenceNumber: '7654321',
    },
    KEY,
  );

  it('verifies and normalises a wallet PAID notification', () => {
    const result = parseFawryNotification(wallet, KEY);
    expect(result.ok).toBe(true);
    if (!result.ok) {
      return;
    }
    expect(result.state).toMatchObject({
      requestId: 'c72827d084ea4b88949d91dd2db4996e',
      fawryRefNumber: '951234567',
      merchantRefNumber: '100235',
      status: PaymentStatus.Paid,
      method: PaymentMethod.EWallet,
      orderAmountPiasters: 84000,
      paymentAmountPiasters: 84000,
      fawryFeesPiasters: 0,
      customerProfileId: '42',
      paymentReferenceNumber: '7654321',
      paymentTime: new Date(1_700_000_000_000),
      expiresAt: new Date(1_700_100_000_000),
    });
  });

  it('answers bad-signature for a tampered body and malformed for a missing field', () => {
    expect(parseFawryNotification({ ...wallet, orderStatus: 'REFUNDED' }, KEY)).toEqual({
      ok: false,
      error: 'bad-signature',
    });
    const { messageSignature: _dropped, ...unsigned } = wallet;
    expect(parseFawryNotification(unsigned, KEY)).toMatchObject({ ok: false, error: 'malformed' });
    expect(parseFawryNotification('not json', KEY)).toMatchObject({ ok: false, error: 'malformed' });
  });

  it('keeps unknown fields Fawry may add', () => {
    const parsed = FawryNotificationV2Schema.parse({ ...wallet, somethingNew: 1 });
    expect(parsed.somethingNew).toBe(1);
  });
});
