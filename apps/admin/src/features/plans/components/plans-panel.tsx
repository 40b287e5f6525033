import { useDeletePlan, usePlans, useUpdatePlan } from '@hiwar/client';
import { BOUNDS, type Plan } from '@hiwar/domain';
import { Button, Card, EmptyState, messages, useErrorToast, useToast } from '@hiwar/ui';
import { Package, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { PlanFormDialog } from './plan-form-dialog.tsx';
import { type PlanSwitchField, PlansTable, PlansTableSkeleton } from './plans-table.tsx';

const text = messages.adminPayments.plans;

/** Plans are few: one page holds them all in practice, and pages appear only past the server's maximum. */
const PAGE_SIZE = BOUNDS.pageSize.max;

/** Saves one switch of a plan at once, with an undo in the toast. */
function usePlanSwitches() {
  const update = useUpdatePlan();
  const { toast } = useToast();
  const showError = useErrorToast();

  const change = (plan: Plan, field: PlanSwitchField, value: boolean, offerUndo = true) => {
    update.mutate(
      { id: plan.id, body: { [field]: value } },
      {
        onSuccess: (saved) => {
          const title =
            field === 'active'
              ? value
                ? text.activated(saved.alias)
                : text.deactivated(saved.alias)
              : value
                ? text.inviteOnlyOn(saved.alias)
                : text.inviteOnlyOff(saved.alias);
          toast({
            id: `plan-${saved.id}-${field}`,
            type: 'success',
            title,
            actions: offerUndo
              ? [
                  {
                    label: text.undo,
                    altText: text.undoAlt,
                    onClick: () => change(saved, field, !value, false),
                  },
                ]
              : undefined,
          });
        },
        onError: showError,
      },
    );
  };

  return { change, pendingId: update.isPending ? (update.variables?.id ?? null) : null };
}

/** The plans tab: every plan with its prices, switches and actions (SuperAdmin), or read-only. */
export function PlansPanel({ canManage }: { canManage: boolean }) {
  const [page, setPage] = useState(1);
  const plans = usePlans({ page, size: PAGE_SIZE });
  const switches = usePlanSwitches();
  const remove = useDeletePlan();
  const { toast } = useToast();
  const showError = useErrorToast();
  const [form, setForm] = useState<{ plan: Plan | null } | null>(null);
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const total = plans.data?.total ?? 0;

  let body: ReactNode;
  if (plans.isPending) {
    body = <PlansTableSkeleton />;
  } else if (plans.isError && !plans.data) {
    body = (
      <ErrorState
        title={text.errorTitle}
        error={plans.error}
        onRetry={() => void plans.refetch()}
        isRetrying={plans.isFetching}
      />
    );
  } else if (total === 0) {
    body = (
      <EmptyState
        icon={<Package />}
        title={text.emptyTitle}
        description={canManage ? text.emptyBody : text.emptyBodyReadOnly}
        action={
          canManage ? (
            <Button onClick={() => setForm({ plan: null })}>
              <Plus aria-hidden="true" />
              {text.newPlan}
            </Button>
          ) : null
        }
      />
    );
  } else {
    body = (
      <>
        <PlansTable
          plans={plans.data?.list ?? []}
          canManage={canManage}
          pendingId={switches.pendingId}
          onSwitch={switches.change}
          onEdit={(plan) => setForm({ plan })}
          onDelete={setDeleting}
          isStale={plans.isPlaceholderData}
        />
        {total > PAGE_SIZE ? (
          <Pagination
            label={text.table}
            page={page}
            pageSize={PAGE_SIZE}
            total={total}
            onPageChange={setPage}
            disabled={plans.isPlaceholderData}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {plans.data ? text.count(total) : null}
        </p>
        {canManage ? (
          <Button onClick={() => setForm({ plan: null })}>
            <Plus aria-hidden="true" />
            {text.newPlan}
          </Button>
        ) : null}
      </div>
      <Card className="overflow-hidden" aria-busy={plans.isFetching || undefined}>
        {body}
      </Card>

      {canManage ? (
        <>
          <PlanFormDialog
            open={form !== null}
            plan={form?.plan ?? null}
            onOpenChange={(open) => (open ? undefined : setForm(null))}
          />
          {deleting ? (
            <ConfirmDialog
              open
              onOpenChange={(open) => (open ? undefined : setDeleting(null))}
              title={text.deleteTitle(deleting.alias)}
              description={text.deleteBody}
              confirmLabel={text.deleteConfirm}
              tone="danger"
              isPending={remove.isPending}
              onConfirm={() =>
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    toast({ id: 'plan-deleted', type: 'success', title: text.deleted(deleting.alias) });
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
