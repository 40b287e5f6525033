import {
  AppError,
  type CreateInviteRequest,
  type FindInvitesQuerySchema,
  type Invite,
  type UpdateInviteRequest,
} from '@hiwar/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { MailSender } from '../notifications/mail.ts';
import { findUserByEmail, type UserRow } from '../users/users.repository.ts';
import { inviteLink, planInviteMail } from './invites.mail.ts';
import {
  deleteInviteRow,
  findInvite,
  findInviteRows,
  type InviteRow,
  insertInvite,
  updateInviteRow,
} from './invites.repository.ts';
import { findPlan, type PlanRow } from './plans.repository.ts';

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

export type InvitesDeps = {
  db: Database;
  mailer: MailSender;
  config: Pick<AppConfig, 'publicUrls'>;
  log: FastifyBaseLogger;
};

/**
 * Invites (rules.md): SuperAdmin invites an e-mail address to a plan; RegularAdmin views them. The
 * invited address is e-mailed a link that lands on the plan after sign-up (no account yet) or sign-in;
 * changing an invite's address or plan mails the new invitation.
 */
export function createInvitesService(deps: InvitesDeps) {
  const { db, log } = deps;
  const requirePlan = async (planId: number): Promise<PlanRow> => {
    const plan = await findPlan(db, planId);
    if (!plan) {
      throw new AppError('plan-not-found');
    }
    return plan;
  };

  /**
   * Mails the invitation, best effort: the invite stands when the mail cannot be sent (it is logged,
   * and changing the invite sends it again).
   */
  async function mailInvite(invite: InviteRow, plan: PlanRow): Promise<void> {
    try {
      const user = await findUserByEmail(db, invite.email);
      const link = inviteLink({
        webUrl: deps.config.publicUrls.web,
        planId: plan.id,
        email: invite.email,
        hasAccount: user !== null,
      });
      await deps.mailer.send({
        to: invite.email,
        ...planInviteMail({
          name: user?.name ?? null,
          planAlias: plan.alias,
          weeklyMinutes: plan.weeklyMinutes,
          hasAccount: user !== null,
          link,
        }),
      });
    } catch (error) {
      log.error({ err: error, inviteId: invite.id }, 'invitation e-mail failed');
    }
  }

  return {
    async createInvite(input: CreateInviteRequest, caller: UserRow): Promise<Invite> {
      const plan = await requirePlan(input.planId);
      const row = await insertInvite(db, { ...input, createdBy: caller.id });
      await mailInvite(row, plan);
      return toInvite(row);
    },

    async getInvite(id: number): Promise<Invite> {
      const row = await findInvite(db, id);
      if (!row) {
        throw new AppError('invite-not-found');
      }
      return toInvite(row);
    },

    async updateInvite(id: number, patch: UpdateInviteRequest): Promise<Invite> {
      const plan = patch.planId === undefined ? null : await requirePlan(patch.planId);
      const before = await findInvite(db, id);
      if (!before) {
        throw new AppError('invite-not-found');
      }
      const row = await updateInviteRow(db, id, patch);
      if (!row) {
        throw new AppError('invite-not-found');
      }
      if (row.email !== before.email || row.planId !== before.planId) {
        const invitedTo = plan ?? (await findPlan(db, row.planId));
        if (invitedTo) {
          await mailInvite(row, invitedTo);
        }
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
