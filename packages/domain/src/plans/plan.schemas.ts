import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import { plainTextSchema } from '../common/free-text.ts';
import { PageQuerySchema, pagedSchema } from '../common/paging.schemas.ts';
import { PlanPeriod } from '../enums/payment.enums.ts';
import type { ErrorCode } from '../errors/error-codes.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';
import { PIASTERS_PER_POUND } from '../time.ts';
import { PLAN_PERIOD_FIELDS, type PlanPrices } from './plan-periods.ts';

/**
 * The plans API contract (spec §3 "Plan", §7 "Plan"; rules.md "Plans, subscriptions, coupons,
 * invites"). Money is integer piasters on the wire as in the database (1 EGP = 100); a plan price must
 * be a whole number of pounds. Discounts are basis points (100 % = 10,000). Issue messages are error
 * codes (decision 0003).
 */

/** A plan price above one million pounds is a typing slip, and would not fit the database column. */
export const PLAN_PRICE_MAX_PIASTERS = 1_000_000 * PIASTERS_PER_POUND;

/**
 * The discounted price of every period must stay at least one pound: a plan is sold through Fawry,
 * which cannot charge nothing (`plan-discount-total`). Free access is a staff grant instead.
 */
export const PLAN_MIN_PERIOD_PRICE_PIASTERS = PIASTERS_PER_POUND;

export {
  PLAN_PERIOD_FIELDS,
  PLAN_PERIOD_SLUGS,
  type PlanPeriodSlug,
  type PlanPrices,
  planPeriodFromParam,
  planPeriodFromSlug,
} from './plan-periods.ts';

/** A period in a request: the numeric enum, `invalid-type` otherwise. */
export const PlanPeriodRequestSchema = z.enum(PlanPeriod, { error: typeErrorCode });

/** One line of plain text (decision 0046), 3–50 characters. */
export const PlanAliasSchema = /* @__PURE__ */ plainTextSchema({
  kind: 'line',
  max: BOUNDS.planAlias.max,
  tooLong: 'plan-alias-long',
})
  .min(BOUNDS.planAlias.min, { error: 'plan-alias-short' })
  .max(BOUNDS.planAlias.max, { error: 'plan-alias-long' });

const { weeklyMinutes } = BOUNDS;

/**
 * Weekly quota: 15–10,080 minutes (a whole week), on the 15-minute lesson grid. Off the grid reads as
 * `plan-weekly-minutes-empty`, whose message asks for a multiple of 15.
 */
export const WeeklyMinutesSchema = z
  .number({ error: typeErrorCode })
  .int({ error: 'plan-weekly-minutes-empty' })
  .min(weeklyMinutes.min, { error: 'plan-weekly-minutes-empty' })
  .max(weeklyMinutes.max, { error: 'plan-weekly-minutes-max-exceeded' })
  .multipleOf(weeklyMinutes.step, { error: 'plan-weekly-minutes-empty' });

const isInfinite = (value: unknown) =>
  value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY;

/** A period's full price in piasters: a whole, positive, finite number of pounds. */
export const PlanPriceSchema = z
  .number({ error: (issue) => (isInfinite(issue.input) ? 'plan-price-infinite' : typeErrorCode(issue)) })
  .refine(Number.isInteger, { error: 'plan-price-not-integer', abort: true })
  .refine((value) => value % PIASTERS_PER_POUND === 0, { error: 'plan-price-not-integer', abort: true })
  .refine((value) => value >= 0, { error: 'plan-price-negative', abort: true })
  .refine((value) => value !== 0, { error: 'plan-price-zero', abort: true })
  .refine((value) => value <= PLAN_PRICE_MAX_PIASTERS, { error: 'plan-price-infinite' });

const { planDiscountBasisPoints } = BOUNDS;

/** A period discount in basis points, 0–10,000 (0–100 %). */
export const PlanDiscountSchema = z
  .number({ error: typeErrorCode })
  .int({ error: 'invalid-type' })
  .min(planDiscountBasisPoints.min, { error: 'plan-discount-min-subceeded' })
  .max(planDiscountBasisPoints.max, { error: 'plan-discount-max-exceeded' });

const planFields = {
  alias: PlanAliasSchema,
  weeklyMinutes: WeeklyMinutesSchema,
  fullMonthPrice: PlanPriceSchema,
  fullMonthDiscount: PlanDiscountSchema,
  fullQuarterPrice: PlanPriceSchema,
  fullQuarterDiscount: PlanDiscountSchema,
  halfYearPrice: PlanPriceSchema,
  halfYearDiscount: PlanDiscountSchema,
  fullYearPrice: PlanPriceSchema,
  fullYearDiscount: PlanDiscountSchema,
  forInvitesOnly: z.boolean({ error: typeErrorCode }),
  active: z.boolean({ error: typeErrorCode }),
};

/**
 * The total-discount rule over a whole plan: each period's price after its discount must stay at least
 * `PLAN_MIN_PERIOD_PRICE_PIASTERS`. Returns the first offending period's discount field, or null.
 * The server runs it again after merging a partial update into the stored plan.
 */
export function planDiscountTotalProblem(prices: PlanPrices): keyof PlanPrices | null {
  for (const { price, discount } of Object.values(PLAN_PERIOD_FIELDS)) {
    const discounted = Math.floor((prices[price] * (10_000 - prices[discount])) / 10_000);
    if (discounted < PLAN_MIN_PERIOD_PRICE_PIASTERS) {
      return discount;
    }
  }
  return null;
}

const PLAN_DISCOUNT_TOTAL: ErrorCode = 'plan-discount-total';

/** `POST /api/v1/plan` (SuperAdmin). New plans are active and open to everyone unless told otherwise. */
export const CreatePlanRequestSchema = z
  .object(planFields)
  .extend({
    forInvitesOnly: /* @__PURE__ */ planFields.forInvitesOnly.default(false),
    active: /* @__PURE__ */ planFields.active.default(true),
  })
  .superRefine((plan, context) => {
    const field = planDiscountTotalProblem(plan);
    if (field) {
      context.addIssue({ code: 'custom', message: PLAN_DISCOUNT_TOTAL, path: [field] });
    }
  });

/**
 * `PUT /api/v1/plan/{id}` (SuperAdmin): any subset of the fields. The total-discount rule is checked by
 * the server on the merged plan.
 */
export const UpdatePlanRequestSchema = z.object(planFields).partial();

const isoDateTime = z.iso.datetime({ offset: true });

/** A plan as the API returns it (prices in piasters, discounts in basis points). */
export const PlanSchema = z.object({
  id: z.number().int().positive(),
  alias: z.string(),
  weeklyMinutes: z.number().int(),
  fullMonthPrice: z.number().int(),
  fullMonthDiscount: z.number().int(),
  fullQuarterPrice: z.number().int(),
  fullQuarterDiscount: z.number().int(),
  halfYearPrice: z.number().int(),
  halfYearDiscount: z.number().int(),
  fullYearPrice: z.number().int(),
  fullYearDiscount: z.number().int(),
  forInvitesOnly: z.boolean(),
  active: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

const booleanQuery = z
  .enum(['true', 'false'], { error: 'bad-request' })
  .transform((value) => value === 'true')
  .optional();

/**
 * `GET /api/v1/plan/list`. Everyone sees active plans open to all, plus invite-only plans their e-mail
 * was invited to; staff see every plan and may filter by `active` and `forInvitesOnly`.
 */
export const FindPlansQuerySchema = /* @__PURE__ */ PageQuerySchema.extend({
  active: booleanQuery,
  forInvitesOnly: booleanQuery,
});

export const PlanListResponseSchema = pagedSchema(PlanSchema);

export type Plan = z.infer<typeof PlanSchema>;
export type CreatePlanRequest = z.input<typeof CreatePlanRequestSchema>;
export type UpdatePlanRequest = z.infer<typeof UpdatePlanRequestSchema>;
export type FindPlansQuery = z.input<typeof FindPlansQuerySchema>;
