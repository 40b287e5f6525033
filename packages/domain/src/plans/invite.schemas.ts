import { z } from 'zod';
import { PageQuerySchema, pagedSchema } from '../common/paging.schemas.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';
import { EmailSchema } from '../users/user.schemas.ts';

/**
 * The invites API contract (spec §7 "Invite"; rules.md): staff invite an e-mail address to an
 * invite-only plan, and whoever signs in with that address sees the plan on the plans page. One invite
 * per (e-mail, plan): a second is `invite-exists`.
 */

const id = z
  .number({ error: typeErrorCode })
  .int({ error: 'invalid-type' })
  .positive({ error: 'bad-request' });

/** `POST /api/v1/invite` (SuperAdmin). */
export const CreateInviteRequestSchema = z.object({ email: EmailSchema, planId: id });

/** `PUT /api/v1/invite/{id}` (SuperAdmin): another address or plan. */
export const UpdateInviteRequestSchema = /* @__PURE__ */ CreateInviteRequestSchema.partial();

const isoDateTime = z.iso.datetime({ offset: true });

export const InviteSchema = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  planId: z.number().int().positive(),
  /** The staff member who sent it; null once that account is gone. */
  createdBy: z.number().int().positive().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/** `GET /api/v1/invite/list` (SuperAdmin, RegularAdmin): newest first, by plan and/or address. */
export const FindInvitesQuerySchema = /* @__PURE__ */ PageQuerySchema.extend({
  planId: z.coerce.number({ error: 'bad-request' }).int({ error: 'bad-request' }).positive().optional(),
  search: z.string({ error: 'bad-request' }).trim().max(254).optional(),
});

export const InviteListResponseSchema = pagedSchema(InviteSchema);

export type Invite = z.infer<typeof InviteSchema>;
export type CreateInviteRequest = z.infer<typeof CreateInviteRequestSchema>;
export type UpdateInviteRequest = z.infer<typeof UpdateInviteRequestSchema>;
