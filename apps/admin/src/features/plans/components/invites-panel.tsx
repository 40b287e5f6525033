import { useDeleteInvite, useInvites, usePlans } from '@hiwar/client';
import { BOUNDS, type Invite, type Plan } from '@hiwar/domain';
import { adminPaymentsMessages, Button, formatDate, Select } from '@hiwar/ui';
import { MailPlus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { SearchField } from '../../../components/search-field.tsx';
import { useSearchPages } from '../hooks/use-search-pages.ts';
import { InviteFormDialog } from './invite-form-dialog.tsx';
import { ResourcePanel, RowsSkeleton } from './resource-panel.tsx';
import { type ResourceColumn, ResourceTable } from './resource-table.tsx';

const text = adminPaymentsMessages;
const columns = text.invites.columns;
const ALL = 'all';
const dateFormat = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const SKELETON_CELLS = ['h-4 w-48', 'h-4 w-24 max-sm:hidden', 'h-4 w-20 max-md:hidden'] as const;

function inviteColumns(planName: (id: number) => string): ResourceColumn<Invite>[] {
  return [
    {
      id: 'email',
      header: columns.email,
      cell: (invite) => (
        <span className="flex flex-col gap-0.5">
          <span dir="ltr" className="w-fit font-medium break-all text-foreground">
            {invite.email}
          </span>
          <span className="text-xs text-muted-foreground sm:hidden">{planName(invite.planId)}</span>
        </span>
      ),
    },
    {
      id: 'plan',
      header: columns.plan,
      className: 'max-sm:hidden',
      cell: (invite) => planName(invite.planId),
    },
    {
      id: 'createdAt',
      header: columns.createdAt,
      className: 'max-md:hidden',
      cellClassName: 'whitespace-nowrap text-muted-foreground',
      cell: (invite) => <time dateTime={invite.createdAt}>{formatDate(invite.createdAt, dateFormat)}</time>,
    },
  ];
}

/** The invites tab: who was invited to which invite-only plan; SuperAdmins invite and withdraw. */
export function InvitesPanel({ canManage }: { canManage: boolean }) {
  const { pageSize, page, setPage, search, onSearch } = useSearchPages();
  const [planId, setPlanId] = useState<number | undefined>(undefined);
  const invites = useInvites({ page, size: pageSize, search: search || undefined, planId });
  const plans = usePlans({ size: BOUNDS.pageSize.max });
  const remove = useDeleteInvite();
  const hasFilters = search !== '' || planId !== undefined;

  const planList: readonly Plan[] = plans.data?.list ?? [];
  const names = useMemo(() => new Map(planList.map((plan) => [plan.id, plan.alias])), [planList]);
  const planName = (id: number) => names.get(id) ?? text.deletedPlan(id);

  const clearFilters = () => {
    onSearch('');
    setPlanId(undefined);
  };

  return (
    <ResourcePanel
      query={invites}
      text={text.invites}
      canManage={canManage}
      createLabel={text.invites.newInvite}
      nameOf={(invite) => invite.email}
      remove={remove}
      deletedToastId="invite-deleted"
      toolbar={
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
      }
      skeleton={<RowsSkeleton cells={SKELETON_CELLS} />}
      emptyIcon={<MailPlus />}
      noMatches={
        hasFilters
          ? {
              title: text.invites.noMatchesTitle,
              description: text.invites.noMatchesBody,
              clearLabel: text.invites.clearFilters,
              onClear: clearFilters,
            }
          : null
      }
      pagination={{ label: text.invites.pagination, page, pageSize, onPageChange: setPage }}
      renderList={({ records, isStale, onDelete }) => (
        <ResourceTable
          caption={text.invites.table}
          records={records}
          columns={inviteColumns(planName)}
          actions={
            canManage
              ? {
                  label: columns.actions,
                  cell: (invite) => (
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
                  ),
                }
              : null
          }
          isStale={isStale}
        />
      )}
      renderForm={({ open, onOpenChange }) => (
        <InviteFormDialog open={open} onOpenChange={onOpenChange} plans={planList} />
      )}
    />
  );
}
