/**
 * Money at the Fawry edge. Hiwar keeps money as integer piasters (1 EGP = 100); Fawry wants decimal EGP
 * with exactly two decimals in signatures ("150.00") and sends amounts back as JSON numbers (`840.0`)
 * or numeric strings. Both directions go through strings, never through float arithmetic.
 */

const AMOUNT_PATTERN = /^(\d+)(?:\.(\d*))?$/;

/**
 * Formats integer piasters as Fawry's two-decimal string: 15000 → "150.00", 2050 → "20.50", 0 → "0.00".
 * Throws a RangeError for anything that is not a non-negative safe integer, so a float or a negative
 * amount can never reach a signature.
 */
export function formatFawryAmount(piasters: number): string {
  if (!Number.isSafeInteger(piasters) || piasters < 0) {
    throw new RangeError(`Amount must be a non-negative integer number of piasters, got ${String(piasters)}`);
  }
  const pounds = Math.trunc(piasters / 100);
  const rest = piasters % 100;
  return `${pounds}.${String(rest).padStart(2, '0')}`;
}

/**
 * Parses an amount as Fawry sends it (a JSON number such as `840`, `152.5`, `0.0`, or a numeric string
 * such as "152.50") into integer piasters. Throws a RangeError for negatives, non-numbers, exponent
 * notation, or more than two significant decimals ("1.005"), instead of rounding money silently.
 */
export function parseFawryAmount(value: number | string): number {
  // String(1e21) is "1e+21" and String(1e-7) is "1e-7": the pattern rejects both, on purpose.
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) {
    throw new RangeError(`Not a Fawry amount: ${JSON.stringify(value)}`);
  }
  const pounds = match[1] as string;
  const decimals = (match[2] ?? '').replace(/0+$/, '');
  if (decimals.length > 2) {
    throw new RangeError(`A Fawry amount has at most two decimals, got ${JSON.stringify(value)}`);
  }
  const piasters = Number(pounds) * 100 + Number(decimals.padEnd(2, '0'));
  if (!Number.isSafeInteger(piasters)) {
    throw new RangeError(`Amount out of range: ${JSON.stringify(value)}`);
  }
  return piasters;
}

/** Like {@link parseFawryAmount} but answers `null` instead of throwing (for verification paths). */
export function tryParseFawryAmount(value: unknown): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') {
    return null;
  }
  try {
    return parseFawryAmount(value);
  } catch {
    return null;
  }
}

/** Fawry's two-decimal string of an amount Fawry sent (`840.0` → "840.00"); throws like parseFawryAmount. */
export function normalizeFawryAmount(value: number | string): string {
  return formatFawryAmount(parseFawryAmount(value));
}

/**
 * Piasters as a JSON number of EGP (15000 → 150). `p / 100` is the double nearest to the exact decimal
 * and JSON prints the shortest string that round-trips, i.e. the exact value with at most two decimals.
 * Used where Fawry sends numbers (the sandbox's responses and notifications).
 */
export function piastersToNumber(piasters: number): number {
  formatFawryAmount(piasters);
  return piasters / 100;
}
