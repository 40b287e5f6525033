import type { UpdateInviteRequest } from '@hiwar/domain';
import { createInvite, deleteInvite, findInvites, getInvite, updateInvite } from '../endpoints/invites.ts';
import { createCrudHooks, type UpdateVariables } from './create-crud-hooks.ts';

const invites = createCrudHooks({
  key: 'invite',
  list: findInvites,
  get: getInvite,
  create: createInvite,
  update: updateInvite,
  remove: deleteInvite,
});

/** React Query keys of the invites API; everything under `['invite']`. */
export const inviteKeys = invites.keys;

/** The staff invite list (SuperAdmin, RegularAdmin), newest first. */
export const useInvites = invites.useList;

/** One invite (staff); pass `null` to wait for an id. */
export const useInvite = invites.useOne;

/** `POST /api/v1/invite` (SuperAdmin); the lists refetch. */
export const useCreateInvite = invites.useCreate;

export type UpdateInviteVariables = UpdateVariables<UpdateInviteRequest>;

/** `PUT /api/v1/invite/{id}` (SuperAdmin). */
export const useUpdateInvite = invites.useUpdate;

/** `DELETE /api/v1/invite/{id}` (SuperAdmin). */
export const useDeleteInvite = invites.useRemove;
