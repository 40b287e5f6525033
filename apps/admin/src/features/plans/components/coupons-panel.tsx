import { useCoupons, useDeleteCoupon } from '@hiwar/client';
import { type Coupon, CouponState, couponState } from '@hiwar/domain';
import { adminPaymentsMessages, cn, formatDateTime } from '@hiwar/ui';
import { Pencil, TicketPercent, Trash2 } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/badge.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { basisPointsToPercent } from '../../../lib/payments.ts';
import { useSearchPages } from '../hooks/use-search-pages.ts';
import { CouponFormDialog } from './coupon-form-dialog.tsx';
import { ResourcePanel, RowsSkeleton } from './resource-panel.tsx';
import { type ResourceColumn, ResourceTable } from './resource-table.tsx';

const text = adminPaymentsMessages;
const columns = text.coupons.columns;

const STATE_TONES: Record<CouponState, BadgeTone> = {
  [CouponState.Valid]: 'success',
  [CouponState.Expired]: 'neutral',
  [CouponState.UsedUp]: 'warning',
};

const SKELETON_CELLS = [
  'h-4 w-28',
  'h-4 w-10',
  'h-4 w-32 max-md:hidden',
  'h-4 w-16 max-md:hidden',
  'h-5 w-14 rounded-full',
] as const;

const expiryFormat = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
} as const;

function stateOf(coupon: Coupon, now: Date): CouponState {
  return couponState({ ...coupon, expiresAt: new Date(coupon.expiresAt) }, now);
}

function Usage({ coupon }: { coupon: Coupon }) {
  const share = coupon.usageLimit ? Math.min(1, coupon.uses / coupon.usageLimit) : null;
  return (
    <span className="flex flex-col gap-1">
      <span className="whitespace-nowrap tabular-nums">
        {text.coupons.usage(coupon.uses, coupon.usageLimit)}
      </span>
      {share !== null ? (
        <span aria-hidden="true" className="block h-1 w-20 overflow-hidden rounded-full bg-surface-muted">
          <span
            className={cn('block h-full rounded-full', share >= 1 ? 'bg-warning' : 'bg-brand')}
            style={{ width: `${Math.round(share * 100)}%` }}
          />
        </span>
      ) : null}
    </span>
  );
}

function couponColumns(now: Date): ResourceColumn<Coupon>[] {
  return [
    {
      id: 'code',
      header: columns.code,
      cell: (coupon) => (
        <span className="flex flex-col gap-1">
          <span dir="ltr" className="w-fit font-mono font-semibold tracking-wide text-foreground">
            {coupon.code}
          </span>
          <span className="flex flex-col gap-0.5 text-xs text-muted-foreground md:hidden">
            <time dateTime={coupon.expiresAt}>{formatDateTime(coupon.expiresAt, expiryFormat)}</time>
            <span>
              {columns.usage}: {text.coupons.usage(coupon.uses, coupon.usageLimit)}
            </span>
          </span>
        </span>
      ),
    },
    {
      id: 'discount',
      header: columns.discount,
      cellClassName: 'font-semibold tabular-nums',
      cell: (coupon) => text.percent(basisPointsToPercent(coupon.discount)),
    },
    {
      id: 'expiresAt',
      header: columns.expiresAt,
      className: 'max-md:hidden',
      cellClassName: 'whitespace-nowrap text-muted-foreground',
      cell: (coupon) => (
        <time dateTime={coupon.expiresAt}>{formatDateTime(coupon.expiresAt, expiryFormat)}</time>
      ),
    },
    {
      id: 'usage',
      header: columns.usage,
      className: 'max-md:hidden',
      cell: (coupon) => <Usage coupon={coupon} />,
    },
    {
      id: 'state',
      header: columns.state,
      cell: (coupon) => {
        const state = stateOf(coupon, now);
        return <Badge tone={STATE_TONES[state]}>{text.coupons.states[state]}</Badge>;
      },
    },
  ];
}

/** The coupons tab: search by code, the list with state and usage, and (SuperAdmin) create, edit, delete. */
export function CouponsPanel({ canManage }: { canManage: boolean }) {
  const { pageSize, page, setPage, search, onSearch } = useSearchPages();
  const coupons = useCoupons({ page, size: pageSize, search: search || undefined });
  const remove = useDeleteCoupon();

  return (
    <ResourcePanel
      query={coupons}
      text={text.coupons}
      canManage={canManage}
      createLabel={text.coupons.newCoupon}
      nameOf={(coupon) => coupon.code}
      remove={remove}
      deletedToastId="coupon-deleted"
      toolbar={
        <SearchField
          label={text.coupons.search}
          placeholder={text.coupons.searchPlaceholder}
          clearLabel={text.coupons.clearSearch}
          value={search}
          onSearch={onSearch}
          className="sm:w-72"
        />
      }
      skeleton={<RowsSkeleton cells={SKELETON_CELLS} />}
      emptyIcon={<TicketPercent />}
      noMatches={
        search
          ? {
              title: text.coupons.noMatchesTitle,
              description: text.coupons.noMatchesBody,
              clearLabel: text.coupons.clearSearch,
              onClear: () => onSearch(''),
            }
          : null
      }
      pagination={{ label: text.coupons.pagination, page, pageSize, onPageChange: setPage }}
      renderList={({ records, isStale, onEdit, onDelete }) => (
        <ResourceTable
          caption={text.coupons.table}
          records={records}
          columns={couponColumns(new Date())}
          actions={
            canManage
              ? {
                  label: columns.actions,
                  cell: (coupon) => (
                    <RowActions
                      label={text.moreActions(coupon.code)}
                      actions={[
                        {
                          label: text.coupons.edit,
                          icon: <Pencil aria-hidden="true" />,
                          onSelect: () => onEdit(coupon),
                        },
                        {
                          label: text.coupons.delete,
                          icon: <Trash2 aria-hidden="true" />,
                          onSelect: () => onDelete(coupon),
                          danger: true,
                        },
                      ]}
                    />
                  ),
                }
              : null
          }
          isStale={isStale}
        />
      )}
      renderForm={({ open, record, onOpenChange }) => (
        <CouponFormDialog open={open} coupon={record} onOpenChange={onOpenChange} />
      )}
    />
  );
}
