import { BOUNDS } from '@hiwar/domain';

/**
 * Fawry's bank installment programmes by months. The API takes Fawry's `installmentPlanId` but does not
 * list the programmes yet, so the ids are the Fawry sandbox's (37: 3 months, 38: 6 months). When the
 * server exposes Fawry's list (with each programme's bank, rate and amount limits), read it instead.
 */
export const BANK_INSTALLMENT_PROGRAMMES: Readonly<Record<number, number>> = Object.freeze({
  3: 37,
  6: 38,
});

export const BANK_INSTALLMENT_MONTHS: readonly number[] = BOUNDS.bankInstallmentMonths;
