import {
  AppError,
  type CreateInviteRequest,
  type FindInvitesQuerySchema,
  type Invite,
  type UpdateInviteRequest,
} from '@hiwar/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../users/users.repository.ts';
import {
  deleteInviteRow,
  findInvite,
  findInviteRows,
  type InviteRow,
  insertInvite,
  updateInviteRow,
} from './invites.repository.ts';
import { findPlan } from './plans.repository.ts';

export function toInvite(row: InviteRow): Invite {
  return {
    id: row.id,
    email: row.email,
    planId: row.planId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type FindInvitesInput = z.output<typeof FindInvitesQuerySchema>;

/** Invites (rules.md): SuperAdmin invites an e-mail address to a plan; RegularAdmin views them. */
export function createInvitesService({ db }: { db: Database }) {
  const requirePlan = async (planId: number) => {
    if (!(await findPlan(db, planId))) {
      throw new AppError('plan-not-found');
    }
  };

  return {
    async createInvite(input: CreateInviteRequest, caller: UserRow): Promise<Invite> {
      await requirePlan(input.planId);
      return toInvite(await insertInvite(db, { ...input, createdBy: caller.id }));
    },

    async getInvite(id: number): Promise<Invite> {
      const row = await findInvite(db, id);
      if (!row) {
        throw new AppError('invite-not-found');
      }
      return toInvite(row);
    },

    async updateInvite(id: number, patch: UpdateInviteRequest): Promise<Invite> {
      if (patch.planId !== undefined) {
        await requirePlan(patch.planId);
      }
      const row = await updateInviteRow(db, id, patch);
      if (!row) {
        throw new AppError('invite-not-found');
      }
      return toInvite(row);
    },

    async deleteInvite(id: number): Promise<{ ok: true }> {
      if (!(await deleteInviteRow(db, id))) {
        throw new AppError('invite-not-found');
      }
      return { ok: true };
    },

    async findInvites(query: FindInvitesInput) {
      const { rows, total } = await findInviteRows(
        db,
        { planId: query.planId, search: query.search || undefined },
        query,
      );
      return { list: rows.map(toInvite), total };
    },
  };
}
