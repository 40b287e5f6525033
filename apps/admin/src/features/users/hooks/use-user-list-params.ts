import { FindUsersQuerySchema, type Governorate, type Role } from '@hiwar/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** What the users table shows, as kept in the address bar (`/users?role=3&city=1&search=…&page=2`). */
export interface UserListParams {
  page: number;
  role: Role | undefined;
  verified: boolean | undefined;
  city: Governorate | undefined;
  search: string;
}

export type UserListPatch = Partial<UserListParams>;

const shape = FindUsersQuerySchema.shape;

/** One value read with the contract's own field schema; anything invalid is treated as absent. */
function read<T>(schema: { safeParse(value: unknown): { success: boolean; data?: T } }, raw: string | null) {
  if (raw === null || raw === '') {
    return undefined;
  }
  const result = schema.safeParse(raw);
  return result.success ? result.data : undefined;
}

export function parseUserListParams(searchParams: URLSearchParams): UserListParams {
  return {
    page: read<number>(shape.page, searchParams.get('page')) ?? 1,
    role: read<Role>(shape.role, searchParams.get('role')),
    verified: read<boolean>(shape.verified, searchParams.get('verified')),
    city: read<Governorate>(shape.city, searchParams.get('city')),
    search: searchParams.get('search')?.trim() ?? '',
  };
}

function toSearchParams(params: UserListParams): URLSearchParams {
  const next = new URLSearchParams();
  if (params.search) {
    next.set('search', params.search);
  }
  if (params.role !== undefined) {
    next.set('role', String(params.role));
  }
  if (params.verified !== undefined) {
    next.set('verified', String(params.verified));
  }
  if (params.city !== undefined) {
    next.set('city', String(params.city));
  }
  if (params.page > 1) {
    next.set('page', String(params.page));
  }
  return next;
}

/**
 * The users list's filters, search and page in the query string, so a reload or the back button keeps
 * them. Changing a filter or the search returns to page 1. Typing replaces the history entry; filters and
 * pages push one, so "back" steps through what the person chose.
 */
export function useUserListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseUserListParams(searchParams), [searchParams]);

  const update = useCallback(
    (patch: UserListPatch, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const base = parseUserListParams(current);
          const page = patch.page ?? 1;
          return toSearchParams({ ...base, ...patch, page });
        },
        { replace: options.replace ?? false },
      );
    },
    [setSearchParams],
  );

  const hasFilters =
    params.search !== '' ||
    params.role !== undefined ||
    params.verified !== undefined ||
    params.city !== undefined;

  return { params, update, hasFilters };
}
