import {
  AppError,
  type BankInstallmentProgramme,
  bankInstallmentCost,
  isBankInstallmentMonths,
  programmeAcceptsCard,
} from '@hiwar/domain';
import { type FawryClient, type FawryInstallmentPlan, isFawryError } from '@hiwar/fawry';
import type { FastifyBaseLogger } from 'fastify';

/** Fawry's programme list changes rarely: fetched at most once per this long per client. */
export const INSTALLMENT_PLANS_TTL_MS = 5 * 60 * 1000;

/** A programme as the server keeps it: Fawry's plan minus what we do not offer. */
export type InstallmentProgramme = FawryInstallmentPlan & { bankName: string };

type CacheEntry = { fetchedAt: number; plans: Promise<InstallmentProgramme[]> };

/** One cache per Fawry client, so every service built on the same app shares it. */
const caches = new WeakMap<FawryClient, { entry: CacheEntry | null }>();

/** Whether `amount` piasters is within the programme's limits (a missing limit does not limit). */
export function programmeFits(programme: FawryInstallmentPlan, amount: number): boolean {
  return (
    (programme.minAmountPiasters === null || amount >= programme.minAmountPiasters) &&
    (programme.maxAmountPiasters === null || amount <= programme.maxAmountPiasters)
  );
}

/** A programme with what it comes to for `amount` piasters, as the API shows it. */
export function toProgramme(programme: InstallmentProgramme, amount: number): BankInstallmentProgramme {
  return {
    id: programme.id,
    bankName: programme.bankName,
    months: programme.months,
    rate: programme.rate,
    minAmount: programme.minAmountPiasters,
    maxAmount: programme.maxAmountPiasters,
    bins: programme.bins,
    ...bankInstallmentCost(amount, programme.rate, programme.months),
  };
}

/** Cheapest interest first, then the shorter term, then Fawry's id: a stable order for lists and picks. */
function byCost(a: InstallmentProgramme, b: InstallmentProgramme): number {
  return a.rate - b.rate || a.months - b.months || a.id - b.id;
}

/**
 * Fawry's bank installment programmes (fawry-api.md §3.4a) behind a short in-memory cache. Only online
 * 3- and 6-month programmes are offered (rules.md "Installments"). A failed fetch is not cached and is answered
 * `service-unavailable`: the buyer can try again or pay another way.
 */
export function createInstallmentPlans(deps: {
  fawry: () => FawryClient;
  clock: () => Date;
  log: FastifyBaseLogger;
  ttlMs?: number;
}) {
  const ttlMs = deps.ttlMs ?? INSTALLMENT_PLANS_TTL_MS;

  async function fetchPlans(fawry: FawryClient): Promise<InstallmentProgramme[]> {
    try {
      const plans = await fawry.getInstallmentPlans();
      return plans
        .filter((plan) => plan.raw.installmentPlan.online !== false && isBankInstallmentMonths(plan.months))
        .map((plan) => ({ ...plan, bankName: plan.bankNameAr ?? plan.bankNameEn ?? plan.nameAr ?? '' }))
        .sort(byCost);
    } catch (error) {
      if (!isFawryError(error)) {
        throw error;
      }
      deps.log.warn({ err: error }, 'Fawry installment plans unavailable');
      throw new AppError('service-unavailable', {
        message: 'The bank installment programmes cannot be read right now',
        cause: error,
      });
    }
  }

  /** Every programme on offer, from the cache when it is fresh. */
  async function list(): Promise<InstallmentProgramme[]> {
    const fawry = deps.fawry();
    const cache = caches.get(fawry) ?? { entry: null };
    caches.set(fawry, cache);
    const now = deps.clock().getTime();
    const { entry } = cache;
    if (entry && now - entry.fetchedAt < ttlMs && now >= entry.fetchedAt) {
      return entry.plans;
    }
    const fresh: CacheEntry = { fetchedAt: now, plans: fetchPlans(fawry) };
    cache.entry = fresh;
    // Concurrent callers share one request; a failure is forgotten so the next call asks again.
    fresh.plans.catch(() => {
      if (cache.entry === fresh) {
        cache.entry = null;
      }
    });
    return fresh.plans;
  }

  return {
    /** The programmes that accept `amount` piasters, cheapest first. */
    async fitting(amount: number): Promise<BankInstallmentProgramme[]> {
      const plans = await list();
      return plans.filter((plan) => programmeFits(plan, amount)).map((plan) => toProgramme(plan, amount));
    },

    list,

    /**
     * The programme a purchase names (by id, or the cheapest of that many months that fits), checked
     * against the price and the card (its first six digits): `installment-plan-not-found`,
     * `installment-plan-amount-out-of-range`, `installment-plan-card-not-accepted`.
     */
    resolve(
      programmes: readonly InstallmentProgramme[],
      choice: { installmentPlanId?: number | undefined; months?: number | undefined },
      amount: number,
      firstSixDigits: string | null,
    ): InstallmentProgramme {
      const candidates = programmes.filter(
        (plan) =>
          (choice.installmentPlanId === undefined || plan.id === choice.installmentPlanId) &&
          (choice.months === undefined || plan.months === choice.months),
      );
      if (candidates.length === 0) {
        throw new AppError('installment-plan-not-found', {
          message: 'Fawry offers no such 3- or 6-month installment programme',
        });
      }
      const fitting = candidates.filter((plan) => programmeFits(plan, amount));
      if (fitting.length === 0) {
        throw new AppError('installment-plan-amount-out-of-range', {
          message: `${amount} piasters is outside the programme's limits`,
        });
      }
      const accepting = fitting.find((plan) => programmeAcceptsCard(plan.bins, firstSixDigits));
      if (!accepting) {
        throw new AppError('installment-plan-card-not-accepted', {
          message: "The programme's bank does not take this card",
        });
      }
      return accepting;
    },
  };
}

export type InstallmentPlans = ReturnType<typeof createInstallmentPlans>;
