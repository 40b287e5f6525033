import {
  AppError,
  type CreatePlanRequestSchema,
  type FindPlansQuerySchema,
  type Plan,
  planDiscountTotalProblem,
  type UpdatePlanRequest,
} from '@hiwar/domain';
import type { z } from 'zod';
import { isAdmin } from '../../core/auth.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { UserRow } from '../users/users.repository.ts';
import {
  deletePlanRow,
  findPlan,
  findPlanRows,
  hasInvite,
  insertPlan,
  type PlanRow,
  updatePlanRow,
} from './plans.repository.ts';

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    alias: row.alias,
    weeklyMinutes: row.weeklyMinutes,
    fullMonthPrice: row.fullMonthPrice,
    fullMonthDiscount: row.fullMonthDiscount,
    fullQuarterPrice: row.fullQuarterPrice,
    fullQuarterDiscount: row.fullQuarterDiscount,
    halfYearPrice: row.halfYearPrice,
    halfYearDiscount: row.halfYearDiscount,
    fullYearPrice: row.fullYearPrice,
    fullYearDiscount: row.fullYearDiscount,
    forInvitesOnly: row.forInvitesOnly,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Whether `user` may see (and so buy) the plan: admins see every plan; everyone else only active
 * plans, and invite-only ones only with an invite for their e-mail address.
 */
async function canSeePlan(db: Executor, plan: PlanRow, user: UserRow | null): Promise<boolean> {
  if (user && isAdmin(user)) {
    return true;
  }
  if (!plan.active) {
    return false;
  }
  return !plan.forInvitesOnly || (user !== null && (await hasInvite(db, plan.id, user.email)));
}

/**
 * The plan `user` may buy: it exists, is active, and is open to them (invite-only plans need an
 * invite, even for staff). Anything else is `plan-not-found`, so hidden plans cannot be probed.
 */
export async function getPurchasablePlan(db: Executor, planId: number, user: UserRow): Promise<PlanRow> {
  const plan = await findPlan(db, planId);
  if (!plan?.active || (plan.forInvitesOnly && !(await hasInvite(db, plan.id, user.email)))) {
    throw new AppError('plan-not-found');
  }
  return plan;
}

type CreatePlanInput = z.output<typeof CreatePlanRequestSchema>;
type FindPlansInput = z.output<typeof FindPlansQuerySchema>;

/** Plans (rules.md): SuperAdmin manages them, RegularAdmin views every plan, others see what they may buy. */
export function createPlansService({ db }: { db: Database }) {
  return {
    async createPlan(input: CreatePlanInput): Promise<Plan> {
      return toPlan(await insertPlan(db, input));
    },

    async getPlan(id: number, caller: UserRow | null): Promise<Plan> {
      const plan = await findPlan(db, id);
      if (!plan || !(await canSeePlan(db, plan, caller))) {
        throw new AppError('plan-not-found');
      }
      return toPlan(plan);
    },

    /**
     * Changes some fields. The total-discount rule runs on the merged plan, inside a transaction with
     * the row locked, so two concurrent edits cannot together break it.
     */
    async updatePlan(id: number, patch: UpdatePlanRequest): Promise<Plan> {
      return db.transaction(async (tx) => {
        const current = await findPlan(tx, id, { lock: true });
        if (!current) {
          throw new AppError('plan-not-found');
        }
        const field = planDiscountTotalProblem({ ...current, ...patch });
        if (field) {
          throw new AppError('plan-discount-total', { message: `The ${field} leaves nothing to pay` });
        }
        const row = await updatePlanRow(tx, id, patch);
        if (!row) {
          throw new AppError('plan-not-found');
        }
        return toPlan(row);
      });
    },

    /** Removes the plan from sale and from every list; what was bought with it stays. */
    async deletePlan(id: number): Promise<{ ok: true }> {
      if (!(await deletePlanRow(db, id))) {
        throw new AppError('plan-not-found');
      }
      return { ok: true };
    },

    async findPlans(query: FindPlansInput, caller: UserRow | null) {
      const visibility =
        caller && isAdmin(caller)
          ? { kind: 'all' as const, active: query.active, forInvitesOnly: query.forInvitesOnly }
          : { kind: 'public' as const, email: caller?.email ?? null };
      const { rows, total } = await findPlanRows(db, visibility, query);
      return { list: rows.map(toPlan), total };
    },
  };
}
