import { describe, expect, it } from 'vitest';
import {
  sha256Hex,
  signaturesMatch,
  signCancelUnpaidOrder,
  signCardTokenCharge,
  signDeleteCardToken,
  signInstallmentCharge,
  signListCardTokens,
  signNotificationV2,
  signPayAtFawryCharge,
  signPaymentStatusInquiry,
  signRefund,
  signWalletCharge,
  verifyNotificationSignature,
} from './signatures.ts';

// fawry-api.md §8 (b): our own vectors.
const KEY = '11111111-2222-3333-4444-555555555555';
const MERCHANT = '770000012345';
const TOKEN = '9c1f3a7e5b2d4c6e8f0a1b2c3d4e5f60718293a4b5c6d7e8f9012345678abcd';

// fawry-api.md §8 (a): the Ruby gem's fixtures.
const RUBY_KEY = 'fawry_secure_key';
const RUBY_MERCHANT = 'merchant_code';

describe('signatures match every test vector of fawry-api.md §8', () => {
  const vectors: [string, () => string, string][] = [
    [
      'ruby: status',
      () =>
        signPaymentStatusInquiry(
          { merchantCode: RUBY_MERCHANT, merchantRefNumber: 'io5jxf3jp27kfh8m719arcqgw7izo7db' },
          RUBY_KEY,
        ),
      '7ce8b004c8f18391c273d94c7b3adde7bfa85466104d61c238a27d64fed0d99a',
    ],
    [
      'ruby: refund 20.50 without reason',
      () =>
        signRefund(
          { merchantCode: RUBY_MERCHANT, referenceNumber: '931337410', refundAmountPiasters: 2050 },
          RUBY_KEY,
        ),
      '3ddbaf9457ed9b5f6e048e1775ff7eaccd477070e31cf28a90d879e8f9689323',
    ],
    [
      'ruby: list tokens',
      () =>
        signListCardTokens(
          { merchantCode: RUBY_MERCHANT, customerProfileId: 'customer_profile_id' },
          RUBY_KEY,
        ),
      'a05d6e98f405c5207e623f9f336f1ab0fa88af82008faeacfd4dcf89d35b022b',
    ],
    [
      'ruby: delete token',
      () =>
        signDeleteCardToken(
          { merchantCode: RUBY_MERCHANT, customerProfileId: 'customer_profile_id', cardToken: 'card_token' },
          RUBY_KEY,
        ),
      'dceabc10e46a4093b5fec54d782d9049e04080fdde3fa6a5bbf5455303491c2c',
    ],
    [
      'ruby: PAYATFAWRY charge 20.50',
      () =>
        signPayAtFawryCharge(
          {
            merchantCode: RUBY_MERCHANT,
            merchantRefNum: 'io5jxf3jp27kfh8m719arcqgw7izo7db',
            customerProfileId: 'ocvsydvbu2gcp528wvl64i9z5srdalg5',
            amountPiasters: 2050,
          },
          RUBY_KEY,
        ),
      '68a1ff1e7189137f1b3c98784399b3adc49bd644d159593a8ed2fc70a810bd7b',
    ],
    [
      'PAYATFAWRY ref 100234, 150 EGP',
      () =>
        signPayAtFawryCharge(
          { merchantCode: MERCHANT, merchantRefNum: 100234, customerProfileId: 42, amountPiasters: 15000 },
          KEY,
        ),
      '43a2ed653b56aee4a81fc76b9a4ea19ad72b2bae883fd3344459809ad6939284',
    ],
    [
      'MWALLET QR ref 100235',
      () =>
        signWalletCharge(
          { merchantCode: MERCHANT, merchantRefNum: 100235, customerProfileId: 42, amountPiasters: 15000 },
          KEY,
        ),
      '6ed6c35f482de441a7bed99f2a5b0f466e9741458f5d6e146ded986051ffcd8a',
    ],
    [
      'MWALLET R2P ref 100236, wallet 01012345678',
      () =>
        signWalletCharge(
          {
            merchantCode: MERCHANT,
            merchantRefNum: 100236,
            customerProfileId: 42,
            amountPiasters: 15000,
            debitMobileWalletNo: '01012345678',
          },
          KEY,
        ),
      'bfbd2d9281759569981a974f92a3e33156d14ff2743e3969ac4d4ca9e67ff228',
    ],
    [
      'CARD token 3DS ref 100237, cvv 123',
      () =>
        signCardTokenCharge(
          {
            merchantCode: MERCHANT,
            merchantRefNum: 100237,
            customerProfileId: 42,
            amountPiasters: 15000,
            cardToken: TOKEN,
            cvv: '123',
            returnUrl: 'https://app.example.com/payments/3ds-return',
          },
          KEY,
        ),
      '17cf5067dd04bae606612afc0a8f153e7ec8c673b275d62eaf7861e33f0b7c0a',
    ],
    [
      'installments ref 100238, 1200, plan 37',
      () =>
        signInstallmentCharge(
          {
            merchantCode: MERCHANT,
            merchantRefNum: 100238,
            customerProfileId: 42,
            amountPiasters: 120000,
            cardToken: TOKEN,
            cvv: '123',
            installmentPlanId: 37,
          },
          KEY,
        ),
      '7738dddbfbe97c36f1877e6a06c56760b3afeade00417fff288bb9e4910f6ec4',
    ],
    [
      'status v2 ref 100234',
      () => signPaymentStatusInquiry({ merchantCode: MERCHANT, merchantRefNumber: 100234 }, KEY),
      '2bb00ca57d3ba17bb23feef2fab2587c93b8773ebff21ee89691bdd744dcdfef',
    ],
    [
      'refund 951234567, 50, no reason',
      () =>
        signRefund({ merchantCode: MERCHANT, referenceNumber: '951234567', refundAmountPiasters: 5000 }, KEY),
      'ef483cde1294492e7d47cbdfd44a939583163f549ceef952b8e04d3c552847c6',
    ],
    [
      'refund 951234567, 50, reason "Lesson cancelled"',
      () =>
        signRefund(
          {
            merchantCode: MERCHANT,
            referenceNumber: '951234567',
            refundAmountPiasters: 5000,
            reason: 'Lesson cancelled',
          },
          KEY,
        ),
      '8df86b95ff07d20d252687272eab7399affdf075675638e694e53a55ce12dd41',
    ],
    [
      'cancel 951234567, ar-eg',
      () => signCancelUnpaidOrder({ orderRefNo: '951234567', merchantAccount: MERCHANT, lang: 'ar-eg' }, KEY),
      'aa04df6fcdb42dcbaa97903f225585d74838e646d79b1195e43a74129b6506e6',
    ],
    [
      'list tokens of user 42',
      () => signListCardTokens({ merchantCode: MERCHANT, customerProfileId: 42 }, KEY),
      '52de5e5c3d95944bfe1ab7d9538dd87ef3c500829ed9d1268d6d5725dab4a424',
    ],
    [
      'delete token of user 42',
      () => signDeleteCardToken({ merchantCode: MERCHANT, customerProfileId: 42, cardToken: TOKEN }, KEY),
      '029e7c9266903e1a9b002ca962503e0f38beb065535e6d8bc8cb378f55b76737',
    ],
    [
      'notification NEW (150/150, PAYATFAWRY, no payment reference)',
      () =>
        signNotificationV2(
          {
            fawryRefNumber: '951234567',
            merchantRefNumber: '100234',
            paymentAmountPiasters: 15000,
            orderAmountPiasters: 15000,
            orderStatus: 'NEW',
            paymentMethod: 'PAYATFAWRY',
          },
          KEY,
        ),
      '848b381707103106ef09ec7efbea088f437b468b5cda3fe122e8a6d73241638c',
    ],
    [
      'notification PAID (152.50/150.00, payment reference 7654321)',
      () =>
        signNotificationV2(
          {
            fawryRefNumber: '951234567',
            merchantRefNumber: '100234',
            paymentAmountPiasters: 15250,
            orderAmountPiasters: 15000,
            orderStatus: 'PAID',
            paymentMethod: 'PAYATFAWRY',
            paymentRefrenceNumber: '7654321',
          },
          KEY,
        ),
      '14e6432f42d1f5e0d23cbcf519fe0f8c824ee6d7492416815b0d1184555a7513',
    ],
  ];

  it.each(vectors)('%s', (_name, sign, expected) => {
    expect(sign()).toBe(expected);
  });

  it('hashes the concatenation the doc prints, secure key last, with no separators', () => {
    expect(sha256Hex(`77000001234510023442PAYATFAWRY150.00${KEY}`)).toBe(
      '43a2ed653b56aee4a81fc76b9a4ea19ad72b2bae883fd3344459809ad6939284',
    );
  });

  it('signs an absent customer profile as the empty string, never "undefined"', () => {
    const withoutProfile = signPayAtFawryCharge(
      { merchantCode: MERCHANT, merchantRefNum: 100234, amountPiasters: 15000 },
      KEY,
    );
    expect(withoutProfile).toBe(sha256Hex(`770000012345100234PAYATFAWRY150.00${KEY}`));
  });

  it('refuses to sign a fractional amount', () => {
    expect(() =>
      signRefund({ merchantCode: MERCHANT, referenceNumber: '1', refundAmountPiasters: 50.5 }, KEY),
    ).toThrow(RangeError);
  });
});

describe('verifyNotificationSignature', () => {
  const paid = {
    requestId: 'c72827d084ea4b88949d91dd2db4996e',
    fawryRefNumber: '951234567',
    merchantRefNumber: '100234',
    paymentAmount: 152.5,
    orderAmount: 150.0,
    fawryFees: 2.5,
    orderStatus: 'PAID',
    paymentMethod: 'PAYATFAWRY',
    paymentRefrenceNumber: '7654321',
    messageSignature: '14e6432f42d1f5e0d23cbcf519fe0f8c824ee6d7492416815b0d1184555a7513',
  };

  it('accepts the doc vector, with amounts as numbers or strings and the signature in upper case', () => {
    expect(verifyNotificationSignature(paid, KEY)).toBe(true);
    expect(verifyNotificationSignature({ ...paid, paymentAmount: '152.50', orderAmount: '150' }, KEY)).toBe(
      true,
    );
    expect(
      verifyNotificationSignature({ ...paid, messageSignature: paid.messageSignature.toUpperCase() }, KEY),
    ).toBe(true);
  });

  it('accepts the creation notification, whose payment reference is empty or absent', () => {
    const created = {
      fawryRefNumber: 951234567,
      merchantRefNumber: 100234,
      paymentAmount: 150,
      orderAmount: 150,
      orderStatus: 'NEW',
      paymentMethod: 'PAYATFAWRY',
      messageSignature: '848b381707103106ef09ec7efbea088f437b468b5cda3fe122e8a6d73241638c',
    };
    expect(verifyNotificationSignature(created, KEY)).toBe(true);
    expect(verifyNotificationSignature({ ...created, paymentRefrenceNumber: '' }, KEY)).toBe(true);
  });

  it.each([
    ['the status', { orderStatus: 'REFUNDED' }],
    ['the paid amount', { paymentAmount: 1152.5 }],
    ['the order amount', { orderAmount: 1.5 }],
    ['our reference', { merchantRefNumber: '100235' }],
    ["Fawry's reference", { fawryRefNumber: '951234568' }],
    ['the payment method', { paymentMethod: 'CARD' }],
    ['the payment reference', { paymentRefrenceNumber: '7654322' }],
  ])('rejects a notification whose %s was tampered with', (_field, change) => {
    expect(verifyNotificationSignature({ ...paid, ...change }, KEY)).toBe(false);
  });

  it('rejects the wrong key, a signature of the wrong length, a missing signature and malformed amounts', () => {
    expect(verifyNotificationSignature(paid, 'another-key')).toBe(false);
    expect(
      verifyNotificationSignature({ ...paid, messageSignature: paid.messageSignature.slice(0, 63) }, KEY),
    ).toBe(false);
    expect(
      verifyNotificationSignature({ ...paid, messageSignature: `${paid.messageSignature}00` }, KEY),
    ).toBe(false);
    expect(verifyNotificationSignature({ ...paid, messageSignature: undefined }, KEY)).toBe(false);
    expect(verifyNotificationSignature({ ...paid, paymentAmount: '152.505' }, KEY)).toBe(false);
    expect(verifyNotificationSignature({ ...paid, orderAmount: null }, KEY)).toBe(false);
  });

  it('compares only well-formed hex signatures', () => {
    const good = '14e6432f42d1f5e0d23cbcf519fe0f8c824ee6d7492416815b0d1184555a7513';
    expect(signaturesMatch(good, good)).toBe(true);
    expect(signaturesMatch(good, 42)).toBe(false);
    expect(signaturesMatch(good, `${'z'.repeat(64)}`)).toBe(false);
  });
});
