import { type FindUsersParams, getPageSize, useUsers } from '@hiwar/client';
import { adminUsersMessages, Button, Card, EmptyState } from '@hiwar/ui';
import { SearchX, Users } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { useUserListParams } from '../hooks/use-user-list-params.ts';
import { UsersPagination } from './users-pagination.tsx';
import { UsersTable, UsersTableSkeleton } from './users-table.tsx';
import { UsersToolbar } from './users-toolbar.tsx';

const text = adminUsersMessages.users;

/**
 * The users list: toolbar, table, pagination, and the loading, empty and error states, all driven by
 * the query string. TutorManagers see only the tutors within their reach (decision 0045), whatever
 * role an old address names: the server refuses them any other role.
 */
export function UsersList({ tutorsOnly }: { tutorsOnly: boolean }) {
  const { params, update, hasFilters } = useUserListParams();
  const [pageSize] = useState(getPageSize);
  const query = useMemo<FindUsersParams>(
    () => ({
      page: params.page,
      size: pageSize,
      role: tutorsOnly ? undefined : params.role,
      verified: params.verified,
      city: params.city,
      search: params.search || undefined,
    }),
    [params, pageSize, tutorsOnly],
  );
  const users = useUsers(query);
  const total = users.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));

  // A page past the end (rows deleted, an old link): go to the last page that has rows.
  const isPastEnd = users.isSuccess && !users.isPlaceholderData && params.page > lastPage;
  useEffect(() => {
    if (isPastEnd) {
      update({ page: lastPage }, { replace: true });
    }
  }, [isPastEnd, lastPage, update]);

  let body: ReactNode;
  if (users.isPending) {
    body = <UsersTableSkeleton rows={Math.min(pageSize, 10)} />;
  } else if (users.isError && !users.data) {
    body = (
      <ErrorState
        title={text.errorTitle}
        error={users.error}
        onRetry={() => void users.refetch()}
        isRetrying={users.isFetching}
      />
    );
  } else if (total === 0) {
    body = hasFilters ? (
      <EmptyState
        icon={<SearchX />}
        title={text.noMatchesTitle}
        description={text.noMatchesBody}
        action={
          <Button
            variant="secondary"
            onClick={() => update({ search: '', role: undefined, verified: undefined, city: undefined })}
          >
            {text.clearFilters}
          </Button>
        }
      />
    ) : (
      <EmptyState icon={<Users />} title={text.emptyTitle} description={text.emptyBody} />
    );
  } else {
    body = (
      <>
        <UsersTable users={users.data?.list ?? []} isStale={users.isPlaceholderData} />
        <UsersPagination
          page={Math.min(params.page, lastPage)}
          pageSize={pageSize}
          total={total}
          onPageChange={(page) => update({ ...params, page })}
          disabled={users.isPlaceholderData}
        />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <UsersToolbar params={params} onChange={update} hasFilters={hasFilters} tutorsOnly={tutorsOnly} />
      <Card className="overflow-hidden" aria-busy={users.isFetching || undefined}>
        {body}
      </Card>
    </div>
  );
}
