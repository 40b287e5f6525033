import { getPageSize, useDeleteInvite, useInvites, usePlans } from '@hiwar/client';
import { BOUNDS, type Invite, type Plan } from '@hiwar/domain';
import {
  Button,
  Card,
  cn,
  EmptyState,
  formatDate,
  messages,
  Select,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { MailPlus, Plus, SearchX, Trash2 } from 'lucide-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { tableStyles as t } from '../../../components/table-styles.ts';
import { InviteFormDialog } from './invite-form-dialog.tsx';

const text = messages.adminPayments;
const columns = text.invites.columns;
const ALL = 'all';
const dateFormat = { day: 'numeric', month: 'short', year: 'numeric' } as const;

function InvitesTable({
  invites,
  planName,
  canManage,
  onDelete,
  isStale,
}: {
  invites: readonly Invite[];
  planName: (id: number) => string;
  canManage: boolean;
  onDelete: (invite: Invite) => void;
  isStale: boolean;
}) {
  return (
    <div className="relative overflow-x-auto">
      <table className={cn(t.table, 'transition-opacity', isStale && 'opacity-60')}>
        <caption className="sr-only">{text.invites.table}</caption>
        <thead className={t.head}>
          <tr>
            <th scope="col" className={t.headCell}>
              {columns.email}
            </th>
            <th scope="col" className={cn(t.headCell, 'max-sm:hidden')}>
              {columns.plan}
            </th>
            <th scope="col" className={cn(t.headCell, 'max-md:hidden')}>
              {columns.createdAt}
            </th>
            {canManage ? (
              <th scope="col" className={t.headCell}>
                <span className="sr-only">{columns.actions}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className={t.body}>
          {invites.map((invite) => (
            <tr key={invite.id} className={t.row}>
              <th scope="row" className={cn(t.cell, 'text-start font-normal')}>
                <span className="flex flex-col gap-0.5">
                  <span dir="ltr" className="w-fit font-medium break-all text-foreground">
                    {invite.email}
                  </span>
                  <span className="text-xs text-muted-foreground sm:hidden">{planName(invite.planId)}</span>
                </span>
              </th>
              <td className={cn(t.cell, 'max-sm:hidden')}>{planName(invite.planId)}</td>
              <td className={cn(t.cell, 'whitespace-nowrap text-muted-foreground max-md:hidden')}>
                <time dateTime={invite.createdAt}>{formatDate(invite.createdAt, dateFormat)}</time>
              </td>
              {canManage ? (
                <td className={cn(t.cell, 'w-12 text-end')}>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`${text.invites.delete}: ${invite.email}`}
                    title={text.invites.delete}
                    onClick={() => onDelete(invite)}
                    className="text-muted-foreground hover:bg-danger-soft hover:text-danger"
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InvitesSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col divide-y divide-border">
      <span className="sr-only">{messages.common.loading}</span>
      {Array.from({ length: 3 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
        <div key={index} className="flex items-center gap-8 px-4 py-4">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-4 w-24 max-sm:hidden" />
          <Skeleton className="h-4 w-20 max-md:hidden" />
        </div>
      ))}
    </div>
  );
}

/** The invites tab: who was invited to which invite-only plan; SuperAdmins invite and withdraw. */
export function InvitesPanel({ canManage }: { canManage: boolean }) {
  const [pageSize] = useState(getPageSize);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [planId, setPlanId] = useState<number | undefined>(undefined);
  const invites = useInvites({ page, size: pageSize, search: search || undefined, planId });
  const plans = usePlans({ size: BOUNDS.pageSize.max });
  const remove = useDeleteInvite();
  const { toast } = useToast();
  const showError = useErrorToast();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Invite | null>(null);
  const total = invites.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const hasFilters = search !== '' || planId !== undefined;

  const planList: readonly Plan[] = plans.data?.list ?? [];
  const names = useMemo(() => new Map(planList.map((plan) => [plan.id, plan.alias])), [planList]);
  const planName = (id: number) => names.get(id) ?? text.deletedPlan(id);

  const onSearch = useCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, []);
  const clearFilters = () => {
    onSearch('');
    setPlanId(undefined);
  };

  let body: ReactNode;
  if (invites.isPending) {
    body = <InvitesSkeleton />;
  } else if (invites.isError && !invites.data) {
    body = (
      <ErrorState
        title={text.invites.errorTitle}
        error={invites.error}
        onRetry={() => void invites.refetch()}
        isRetrying={invites.isFetching}
      />
    );
  } else if (total === 0) {
    body = hasFilters ? (
      <EmptyState
        icon={<SearchX />}
        title={text.invites.noMatchesTitle}
        description={text.invites.noMatchesBody}
        action={
          <Button variant="secondary" onClick={clearFilters}>
            {text.invites.clearFilters}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<MailPlus />}
        title={text.invites.emptyTitle}
        description={canManage ? text.invites.emptyBody : text.invites.emptyBodyReadOnly}
      />
    );
  } else {
    body = (
      <>
        <InvitesTable
          invites={invites.data?.list ?? []}
          planName={planName}
          canManage={canManage}
          onDelete={setDeleting}
          isStale={invites.isPlaceholderData}
        />
        {total > pageSize ? (
          <Pagination
            label={text.invites.pagination}
            page={Math.min(page, lastPage)}
            pageSize={pageSize}
            total={total}
            onPageChange={setPage}
            disabled={invites.isPlaceholderData}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <SearchField
            label={text.invites.search}
            placeholder={text.invites.searchPlaceholder}
            clearLabel={text.invites.clearSearch}
            value={search}
            onSearch={onSearch}
            className="sm:w-72"
          />
          <Select
            aria-label={text.invites.planFilter}
            options={[
              { value: ALL, label: text.invites.allPlans },
              ...planList.map((plan) => ({ value: String(plan.id), label: plan.alias })),
            ]}
            value={planId === undefined ? ALL : String(planId)}
            onValueChange={(value) => {
              setPlanId(value === ALL ? undefined : Number(value));
              setPage(1);
            }}
            className="sm:w-48"
          />
        </div>
        {canManage ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {text.invites.newInvite}
          </Button>
        ) : null}
      </div>
      <Card className="overflow-hidden" aria-busy={invites.isFetching || undefined}>
        {body}
      </Card>

      {canManage ? (
        <>
          <InviteFormDialog open={creating} onOpenChange={setCreating} plans={planList} />
          {deleting ? (
            <ConfirmDialog
              open
              onOpenChange={(open) => (open ? undefined : setDeleting(null))}
              title={text.invites.deleteTitle(deleting.email)}
              description={text.invites.deleteBody}
              confirmLabel={text.invites.deleteConfirm}
              tone="danger"
              isPending={remove.isPending}
              onConfirm={() =>
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    toast({
                      id: 'invite-deleted',
                      type: 'success',
                      title: text.invites.deleted(deleting.email),
                    });
                    setDeleting(null);
                  },
                  onError: (error) => {
                    showError(error);
                    setDeleting(null);
                  },
                })
              }
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
