import {
  AppError,
  type Coupon,
  type CouponCheckResponse,
  CouponState,
  type CreateCouponRequestSchema,
  couponState,
  type FindCouponsQuerySchema,
  type UpdateCouponRequest,
} from '@hiwar/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import {
  type CouponRow,
  deleteCouponRow,
  findCoupon,
  findCouponByCode,
  findCouponRows,
  insertCoupon,
  updateCouponRow,
} from './coupons.repository.ts';

export function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    discount: row.discount,
    expiresAt: row.expiresAt.toISOString(),
    usageLimit: row.usageLimit,
    uses: row.uses,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The error a purchase meets with a coupon that is not valid now. */
export function couponProblem(coupon: CouponRow, now: Date): AppError | null {
  const state = couponState(coupon, now);
  if (state === CouponState.Expired) {
    return new AppError('coupon-already-expired');
  }
  if (state === CouponState.UsedUp) {
    return new AppError('coupon-used-up');
  }
  return null;
}

type CreateCouponInput = z.output<typeof CreateCouponRequestSchema>;
type FindCouponsInput = z.output<typeof FindCouponsQuerySchema>;

/** Coupons (rules.md): SuperAdmin manages them, RegularAdmin views them, students check a code. */
export function createCouponsService({ db }: { db: Database }) {
  return {
    async createCoupon(input: CreateCouponInput): Promise<Coupon> {
      return toCoupon(await insertCoupon(db, { ...input, expiresAt: new Date(input.expiresAt) }));
    },

    async getCoupon(id: number): Promise<Coupon> {
      const row = await findCoupon(db, id);
      if (!row) {
        throw new AppError('coupon-not-found');
      }
      return toCoupon(row);
    },

    async updateCoupon(id: number, patch: UpdateCouponRequest): Promise<Coupon> {
      const row = await updateCouponRow(db, id, {
        ...patch,
        expiresAt: patch.expiresAt === undefined ? undefined : new Date(patch.expiresAt),
      });
      if (!row) {
        throw new AppError('coupon-not-found');
      }
      return toCoupon(row);
    },

    async deleteCoupon(id: number): Promise<{ ok: true }> {
      if (!(await deleteCouponRow(db, id))) {
        throw new AppError('coupon-not-found');
      }
      return { ok: true };
    },

    async findCoupons(query: FindCouponsInput) {
      const { rows, total } = await findCouponRows(db, { search: query.search || undefined }, query);
      return { list: rows.map(toCoupon), total };
    },

    /** A student checking a code at checkout: its discount and whether it is valid, expired or used up. */
    async checkCode(code: string): Promise<CouponCheckResponse> {
      const row = await findCouponByCode(db, code);
      if (!row) {
        throw new AppError('coupon-not-found');
      }
      return {
        code: row.code,
        discount: row.discount,
        expiresAt: row.expiresAt.toISOString(),
        state: couponState(row, new Date()),
      };
    },
  };
}
