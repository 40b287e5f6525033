import { useDeletePlan, usePlans, useUpdatePlan } from '@hiwar/client';
import { BOUNDS, type Plan } from '@hiwar/domain';
import { adminPaymentsMessages, useErrorToast, useToast } from '@hiwar/ui';
import { Package } from 'lucide-react';
import { useState } from 'react';
import { PlanFormDialog } from './plan-form-dialog.tsx';
import { type PlanSwitchField, PlansTable, PlansTableSkeleton } from './plans-table.tsx';
import { ResourcePanel } from './resource-panel.tsx';

const text = adminPaymentsMessages.plans;

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

  return (
    <ResourcePanel
      query={plans}
      text={text}
      canManage={canManage}
      createLabel={text.newPlan}
      nameOf={(plan) => plan.alias}
      remove={remove}
      deletedToastId="plan-deleted"
      toolbar={
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {plans.data ? text.count(plans.data.total) : null}
        </p>
      }
      skeleton={<PlansTableSkeleton />}
      emptyIcon={<Package />}
      emptyOffersCreate
      pagination={{ label: text.table, page, pageSize: PAGE_SIZE, onPageChange: setPage }}
      renderList={({ records, isStale, onEdit, onDelete }) => (
        <PlansTable
          plans={records}
          canManage={canManage}
          pendingId={switches.pendingId}
          onSwitch={switches.change}
          onEdit={onEdit}
          onDelete={onDelete}
          isStale={isStale}
        />
      )}
      renderForm={({ open, record, onOpenChange }) => (
        <PlanFormDialog open={open} plan={record} onOpenChange={onOpenChange} />
      )}
    />
  );
}
