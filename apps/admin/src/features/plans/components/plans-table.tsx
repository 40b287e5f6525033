import type { Plan } from '@hiwar/domain';
import { adminPaymentsMessages, cn, formatDate, messages } from '@hiwar/ui';
import { Pencil, Trash2 } from 'lucide-react';
import { Badge } from '../../../components/badge.tsx';
import { type RowAction, RowActions } from '../../../components/row-actions.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { Switch } from '../../../components/switch.tsx';
import { monthlyHours, PERIODS_IN_ORDER, periodLabel } from '../../../lib/payments.ts';
import { PlanPrice } from './plan-price.tsx';
import { type ResourceColumn, ResourceTable } from './resource-table.tsx';

const text = adminPaymentsMessages;
const columns = text.plans.columns;

export type PlanSwitchField = 'active' | 'forInvitesOnly';

export interface PlansTableProps {
  plans: readonly Plan[];
  /** SuperAdmin: switches and the actions menu; otherwise read-only badges. */
  canManage: boolean;
  /** The plan whose switch is being saved (its switches are disabled meanwhile). */
  pendingId: number | null;
  onSwitch: (plan: Plan, field: PlanSwitchField, value: boolean) => void;
  onEdit: (plan: Plan) => void;
  onDelete: (plan: Plan) => void;
  isStale?: boolean;
}

const createdFormat = { day: 'numeric', month: 'short', year: 'numeric' } as const;

function Quota({ plan }: { plan: Plan }) {
  return (
    <span className="flex flex-col gap-0.5">
      <span className="font-medium whitespace-nowrap">{text.quota.weekly(plan.weeklyMinutes)}</span>
      <span className="text-xs whitespace-nowrap text-muted-foreground" title={text.quota.monthlyBasis}>
        {text.quota.monthly(monthlyHours(plan.weeklyMinutes))}
      </span>
    </span>
  );
}

function StatusBadges({ plan }: { plan: Plan }) {
  return (
    <>
      <Badge tone={plan.active ? 'success' : 'neutral'}>
        {plan.active ? text.plans.active : text.plans.inactive}
      </Badge>
      {plan.forInvitesOnly ? <Badge tone="info">{text.plans.inviteOnly}</Badge> : null}
    </>
  );
}

function actionsFor(plan: Plan, onEdit: (plan: Plan) => void, onDelete: (plan: Plan) => void): RowAction[] {
  return [
    { label: text.plans.edit, icon: <Pencil aria-hidden="true" />, onSelect: () => onEdit(plan) },
    {
      label: text.plans.delete,
      icon: <Trash2 aria-hidden="true" />,
      onSelect: () => onDelete(plan),
      danger: true,
    },
  ];
}

function PlanSwitch({
  plan,
  field,
  pendingId,
  onSwitch,
}: Pick<PlansTableProps, 'pendingId' | 'onSwitch'> & { plan: Plan; field: PlanSwitchField }) {
  const checked = field === 'active' ? plan.active : plan.forInvitesOnly;
  return (
    <Switch
      checked={checked}
      disabled={pendingId === plan.id}
      aria-label={
        field === 'active' ? text.plans.activeToggle(plan.alias) : text.plans.inviteOnlyToggle(plan.alias)
      }
      onCheckedChange={(value) => onSwitch(plan, field, value)}
    />
  );
}

/** A plan's on-sale or invite-only setting: a switch for a SuperAdmin, a badge for anyone else. */
function PlanSetting({
  plan,
  field,
  canManage,
  pendingId,
  onSwitch,
}: Pick<PlansTableProps, 'canManage' | 'pendingId' | 'onSwitch'> & { plan: Plan; field: PlanSwitchField }) {
  if (canManage) {
    return <PlanSwitch pendingId={pendingId} onSwitch={onSwitch} plan={plan} field={field} />;
  }
  if (field === 'active') {
    return (
      <Badge tone={plan.active ? 'success' : 'neutral'}>
        {plan.active ? text.plans.active : text.plans.inactive}
      </Badge>
    );
  }
  return (
    <Badge tone={plan.forInvitesOnly ? 'info' : 'neutral'}>
      {plan.forInvitesOnly ? text.plans.inviteOnly : text.plans.public}
    </Badge>
  );
}

/**
 * The plans: a table from `xl` (quota, the four periods' prices with their discounts, the switches),
 * and one card per plan on smaller screens, where nine columns cannot fit.
 */
export function PlansTable(props: PlansTableProps) {
  const { plans, canManage, onEdit, onDelete, isStale = false } = props;
  const planColumns: ResourceColumn<Plan>[] = [
    {
      id: 'plan',
      header: columns.plan,
      cell: (plan) => (
        <span className="flex flex-col gap-0.5">
          <span className="font-semibold text-foreground">{plan.alias}</span>
          <span className="text-xs whitespace-nowrap text-muted-foreground">
            <span className="sr-only">{columns.createdAt}: </span>
            <time dateTime={plan.createdAt}>{formatDate(plan.createdAt, createdFormat)}</time>
          </span>
        </span>
      ),
    },
    { id: 'quota', header: columns.quota, cell: (plan) => <Quota plan={plan} /> },
    ...PERIODS_IN_ORDER.map(
      (period): ResourceColumn<Plan> => ({
        id: `period-${period}`,
        header: periodLabel(period),
        cell: (plan) => <PlanPrice plan={plan} period={period} />,
      }),
    ),
    {
      id: 'active',
      header: columns.active,
      cell: (plan) => <PlanSetting {...props} plan={plan} field="active" />,
    },
    {
      id: 'forInvitesOnly',
      header: columns.inviteOnly,
      cell: (plan) => <PlanSetting {...props} plan={plan} field="forInvitesOnly" />,
    },
  ];
  return (
    <div className={cn('transition-opacity', isStale && 'opacity-60')}>
      <ResourceTable
        caption={text.plans.table}
        records={plans}
        columns={planColumns}
        actions={
          canManage
            ? {
                label: columns.actions,
                cell: (plan) => (
                  <RowActions
                    label={text.moreActions(plan.alias)}
                    actions={actionsFor(plan, onEdit, onDelete)}
                  />
                ),
              }
            : null
        }
        rowClassName={(plan) => !plan.active && 'text-muted-foreground'}
        className="max-xl:hidden"
      />

      <ul aria-label={text.plans.table} className="grid gap-px bg-border xl:hidden">
        {plans.map((plan) => (
          <PlanCard key={plan.id} {...props} plan={plan} />
        ))}
      </ul>
    </div>
  );
}

function PlanCard({ plan, canManage, onEdit, onDelete, ...props }: PlansTableProps & { plan: Plan }) {
  return (
    <li className="flex flex-col gap-4 bg-surface p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <h2 className="font-bold">{plan.alias}</h2>
          <div className="flex flex-wrap items-center gap-1.5">
            <StatusBadges plan={plan} />
          </div>
        </div>
        {canManage ? (
          <RowActions label={text.moreActions(plan.alias)} actions={actionsFor(plan, onEdit, onDelete)} />
        ) : null}
      </div>
      <Quota plan={plan} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {PERIODS_IN_ORDER.map((period) => (
          <div key={period} className="rounded-xl bg-surface-muted/70 px-3 py-2.5">
            <dt className="text-xs font-semibold text-muted-foreground">{periodLabel(period)}</dt>
            <dd className="mt-1 text-sm">
              <PlanPrice plan={plan} period={period} />
            </dd>
          </div>
        ))}
      </dl>
      {canManage ? (
        <div className="flex flex-wrap gap-x-6 gap-y-3 border-t border-border pt-3">
          {(['active', 'forInvitesOnly'] as const).map((field) => (
            <div key={field} className="flex items-center gap-2.5">
              <PlanSwitch pendingId={props.pendingId} onSwitch={props.onSwitch} plan={plan} field={field} />
              <span className="text-sm font-medium" aria-hidden="true">
                {field === 'active' ? columns.active : columns.inviteOnly}
              </span>
            </div>
          ))}
        </div>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {columns.createdAt}:{' '}
        <time dateTime={plan.createdAt}>{formatDate(plan.createdAt, createdFormat)}</time>
      </p>
    </li>
  );
}

/** The table's shape with pulsing rows while the plans load. */
export function PlansTableSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col divide-y divide-border">
      <span className="sr-only">{messages.common.loading}</span>
      {Array.from({ length: 3 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
        <div key={index} className="flex flex-wrap items-center gap-6 px-4 py-4">
          <div className="flex w-36 flex-col gap-1.5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-3 w-16" />
          </div>
          <Skeleton className="h-4 w-28" />
          {Array.from({ length: 4 }, (_, cell) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity.
            <Skeleton key={cell} className="h-4 w-20 max-md:hidden" />
          ))}
          <Skeleton className="h-6 w-11 rounded-full" />
        </div>
      ))}
    </div>
  );
}
