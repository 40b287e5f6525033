import { useUsers } from '@hiwar/client';
import { BOUNDS, Role } from '@hiwar/domain';

/**
 * The Studio members admins choose from (`GET /api/v1/user/list?role=6`, one page of the largest size:
 * a studio team is a handful of people). Admins only: the server refuses other roles this list.
 */
export function useStudioMembers() {
  return useUsers({ role: Role.Studio, page: 1, size: BOUNDS.pageSize.max });
}
