import type {
  CreateInviteRequest,
  FindInvitesQuerySchema,
  Invite,
  OkResponse,
  UpdateInviteRequest,
} from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The invites API paths (spec §7 "Invite"). */
export const INVITE_PATHS = {
  invites: '/api/v1/invite',
  list: '/api/v1/invite/list',
  invite: (id: number) => `/api/v1/invite/${id}`,
} as const;

/** Filters of the staff invite list: page, size, `planId` and `search` over the e-mail address. */
export type FindInvitesParams = Partial<ReturnType<(typeof FindInvitesQuerySchema)['parse']>>;

export type InviteList = { list: Invite[]; total: number };

/** `GET /api/v1/invite/list` (SuperAdmin, RegularAdmin): newest first. */
export async function findInvites(
  client: ApiClient,
  query: FindInvitesParams = {},
  options?: CallOptions,
): Promise<InviteList> {
  const answer = await client.get<unknown>(INVITE_PATHS.list, { query: { ...query }, ...signalOf(options) });
  return parseResponse((contract) => contract.InviteListResponseSchema, answer, 'GET /invite/list');
}

/** `GET /api/v1/invite/{id}` (SuperAdmin, RegularAdmin). */
export async function getInvite(client: ApiClient, id: number, options?: CallOptions): Promise<Invite> {
  const answer = await client.get<unknown>(INVITE_PATHS.invite(id), signalOf(options));
  return parseResponse((contract) => contract.InviteSchema, answer, 'GET /invite/{id}');
}

/**
 * `POST /api/v1/invite` (SuperAdmin): whoever signs in with that address sees the invite-only plan.
 * A second invite of the same address to the same plan is `invite-exists`.
 */
export async function createInvite(
  client: ApiClient,
  body: CreateInviteRequest,
  options?: CallOptions,
): Promise<Invite> {
  const answer = await client.post<unknown>(INVITE_PATHS.invites, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.InviteSchema, answer, 'POST /invite');
}

/** `PUT /api/v1/invite/{id}` (SuperAdmin): another address or plan. */
export async function updateInvite(
  client: ApiClient,
  id: number,
  body: UpdateInviteRequest,
  options?: CallOptions,
): Promise<Invite> {
  const answer = await client.put<unknown>(INVITE_PATHS.invite(id), { body, ...signalOf(options) });
  return parseResponse((contract) => contract.InviteSchema, answer, 'PUT /invite/{id}');
}

/** `DELETE /api/v1/invite/{id}` (SuperAdmin). */
export async function deleteInvite(
  client: ApiClient,
  id: number,
  options?: CallOptions,
): Promise<OkResponse> {
  const answer = await client.delete<unknown>(INVITE_PATHS.invite(id), signalOf(options));
  return parseResponse((contract) => contract.OkResponseSchema, answer, 'DELETE /invite/{id}');
}
