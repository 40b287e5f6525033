import type { SandboxCardBehaviour } from './model.ts';

/**
 * Emulator-only test cards (fawry-api.md §10.4 — these are not Fawry staging cards; none were found).
 * Any other Luhn-valid number is approved.
 */
export const SANDBOX_TEST_CARDS = {
  /** Approved (Visa). */
  visa: '4242424242424242',
  /** Approved (Mastercard). */
  mastercard: '5123450000000008',
  /** 3-D Secure always ends FAILED with 99907, whatever the payer clicks. */
  declined: '4000000000000002',
  /** 3-D Secure ends FAILED with 99951 (insufficient funds). */
  insufficientFunds: '4000000000009995',
  /** Refused on the tokenization page: redirects with statusCode 99914 (invalid card). */
  refusedAtTokenization: '4000000000000119',
  /**
   * Approved without a 3-D Secure challenge (a frictionless issuer): the charge answers PAID at once,
   * with no `nextAction` — a direct result (decision 0015).
   */
  frictionless: '4000000000003055',
} as const;

/** CVVs with a fixed immediate answer on card charges (emulator-only). */
export const SANDBOX_TEST_CVVS = {
  /** Immediate statusCode 99907 (declined by the issuer), as the doc's emulator notes say. */
  declined: '000',
  /** Immediate statusCode 99963 (security violation: the CVV is wrong) → our `invalid-cvv`. */
  wrongCvv: '999',
} as const;

/** Luhn (mod 10) check of a card number made of digits only. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) {
    return false;
  }
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) {
        digit -= 9;
      }
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A rough brand from the BIN (emulator heuristic): 5078 → MEEZA, 4 → VISA, 51–55/2221–2720 → MASTERCARD. */
export function cardBrand(digits: string): string {
  if (digits.startsWith('5078')) {
    return 'MEEZA';
  }
  if (digits.startsWith('4')) {
    return 'VISA';
  }
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) {
    return 'MASTERCARD';
  }
  return 'UNKNOWN';
}

export function cardBehaviour(digits: string): SandboxCardBehaviour {
  if (digits === SANDBOX_TEST_CARDS.declined) {
    return 'decline';
  }
  if (digits === SANDBOX_TEST_CARDS.insufficientFunds) {
    return 'insufficient-funds';
  }
  if (digits === SANDBOX_TEST_CARDS.frictionless) {
    return 'frictionless';
  }
  return 'approve';
}
