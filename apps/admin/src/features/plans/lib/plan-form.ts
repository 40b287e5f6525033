import {
  CreatePlanRequestSchema,
  PLAN_PERIOD_FIELDS,
  type Plan,
  type PlanPeriod,
  type PlanPrices,
  priceFor,
  type UpdatePlanRequest,
} from '@hiwar/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { convertingResolver } from '../../../lib/form-resolver.ts';
import {
  basisPointsToPercent,
  parseTypedNumber,
  percentToBasisPoints,
  piastersToPoundsText,
  poundsToPiasters,
} from '../../../lib/payments.ts';

type PriceField = (typeof PLAN_PERIOD_FIELDS)[PlanPeriod]['price'];
type DiscountField = (typeof PLAN_PERIOD_FIELDS)[PlanPeriod]['discount'];

/**
 * The plan form as typed: the request's field names, prices in pounds and discounts in percent as text
 * (so Arabic-Indic digits and an empty field can be told apart), the switches as booleans.
 */
export type PlanFormValues = {
  alias: string;
  weeklyMinutes: string;
  forInvitesOnly: boolean;
  active: boolean;
} & {
  [K in PriceField | DiscountField]: string;
};

const PRICE_FIELDS = Object.values(PLAN_PERIOD_FIELDS).map((fields) => fields.price);
const DISCOUNT_FIELDS = Object.values(PLAN_PERIOD_FIELDS).map((fields) => fields.discount);

export const EMPTY_PLAN_FORM: PlanFormValues = {
  alias: '',
  weeklyMinutes: '',
  fullMonthPrice: '',
  fullMonthDiscount: '0',
  fullQuarterPrice: '',
  fullQuarterDiscount: '0',
  halfYearPrice: '',
  halfYearDiscount: '0',
  fullYearPrice: '',
  fullYearDiscount: '0',
  forInvitesOnly: false,
  active: true,
};

/** A stored plan as the form shows it: piasters as pounds, basis points as percent. */
export function planToFormValues(plan: Plan): PlanFormValues {
  const values = {
    ...EMPTY_PLAN_FORM,
    alias: plan.alias,
    weeklyMinutes: String(plan.weeklyMinutes),
    forInvitesOnly: plan.forInvitesOnly,
    active: plan.active,
  };
  for (const field of PRICE_FIELDS) {
    values[field] = piastersToPoundsText(plan[field]);
  }
  for (const field of DISCOUNT_FIELDS) {
    values[field] = String(basisPointsToPercent(plan[field]));
  }
  return values;
}

/**
 * The form values as the create request: pounds → piasters, percent → basis points. Blank and
 * non-numeric fields stay `undefined` / `NaN`, which the domain schema reports as `required` /
 * `invalid-type` on that field.
 */
export function planFormToRequest(values: PlanFormValues): Record<keyof PlanFormValues, unknown> {
  const request: Record<string, unknown> = {
    alias: values.alias,
    weeklyMinutes: parseTypedNumber(values.weeklyMinutes),
    forInvitesOnly: values.forInvitesOnly,
    active: values.active,
  };
  for (const field of PRICE_FIELDS) {
    request[field] = poundsToPiasters(values[field]);
  }
  for (const field of DISCOUNT_FIELDS) {
    request[field] = percentToBasisPoints(values[field]);
  }
  return request as Record<keyof PlanFormValues, unknown>;
}

/** The plan form's resolver: the typed values, converted, validated by `CreatePlanRequestSchema`. */
export const planFormResolver = convertingResolver(zodResolver(CreatePlanRequestSchema), planFormToRequest);

/** The parsed request (`handleSubmit`'s value): piasters and basis points, defaults applied. */
export type PlanRequest = ReturnType<(typeof CreatePlanRequestSchema)['parse']>;

/** The fields of `next` that differ from `plan`: an edit sends only what changed. */
export function planChanges(plan: Plan, next: PlanRequest): UpdatePlanRequest {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof PlanRequest)[]) {
    if (next[key] !== plan[key]) {
      changes[key] = next[key];
    }
  }
  return changes as UpdatePlanRequest;
}

export type PeriodPreview =
  | { kind: 'empty' }
  | { kind: 'price'; piasters: number; fullPiasters: number; discountBasisPoints: number };

/**
 * What a student would pay for one period with the prices typed so far, by the domain's own price
 * function; `empty` while the period's price or discount is not a usable number yet.
 */
export function previewPeriod(values: Partial<PlanFormValues>, period: PlanPeriod): PeriodPreview {
  const fields = PLAN_PERIOD_FIELDS[period];
  const price = poundsToPiasters(values[fields.price] ?? '');
  const discount = percentToBasisPoints(values[fields.discount] ?? '') ?? 0;
  if (price === undefined || Number.isNaN(price) || price <= 0 || Number.isNaN(discount)) {
    return { kind: 'empty' };
  }
  const prices = { [fields.price]: price, [fields.discount]: discount } as unknown as PlanPrices;
  return {
    kind: 'price',
    piasters: priceFor(prices, period),
    fullPiasters: price,
    discountBasisPoints: discount,
  };
}
