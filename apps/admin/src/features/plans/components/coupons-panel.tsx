import { getPageSize, useCoupons, useDeleteCoupon } from '@hiwar/client';
import { type Coupon, CouponState, couponState } from '@hiwar/domain';
import { Button, Card, cn, EmptyState, formatDateTime, messages, useErrorToast, useToast } from '@hiwar/ui';
import { Pencil, Plus, SearchX, TicketPercent, Trash2 } from 'lucide-react';
import { type ReactNode, useCallback, useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/badge.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { tableStyles as t } from '../../../components/table-styles.ts';
import { basisPointsToPercent } from '../../../lib/payments.ts';
import { CouponFormDialog } from './coupon-form-dialog.tsx';

const text = messages.adminPayments;
const columns = text.coupons.columns;

const STATE_TONES: Record<CouponState, BadgeTone> = {
  [CouponState.Valid]: 'success',
  [CouponState.Expired]: 'neutral',
  [CouponState.UsedUp]: 'warning',
};

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

function CouponsTable({
  coupons,
  canManage,
  onEdit,
  onDelete,
  isStale,
}: {
  coupons: readonly Coupon[];
  canManage: boolean;
  onEdit: (coupon: Coupon) => void;
  onDelete: (coupon: Coupon) => void;
  isStale: boolean;
}) {
  const now = new Date();
  return (
    <div className="relative overflow-x-auto">
      <table className={cn(t.table, 'transition-opacity', isStale && 'opacity-60')}>
        <caption className="sr-only">{text.coupons.table}</caption>
        <thead className={t.head}>
          <tr>
            <th scope="col" className={t.headCell}>
              {columns.code}
            </th>
            <th scope="col" className={t.headCell}>
              {columns.discount}
            </th>
            <th scope="col" className={cn(t.headCell, 'max-md:hidden')}>
              {columns.expiresAt}
            </th>
            <th scope="col" className={cn(t.headCell, 'max-md:hidden')}>
              {columns.usage}
            </th>
            <th scope="col" className={t.headCell}>
              {columns.state}
            </th>
            {canManage ? (
              <th scope="col" className={t.headCell}>
                <span className="sr-only">{columns.actions}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className={t.body}>
          {coupons.map((coupon) => {
            const state = stateOf(coupon, now);
            return (
              <tr key={coupon.id} className={t.row}>
                <th scope="row" className={cn(t.cell, 'text-start font-normal')}>
                  <span className="flex flex-col gap-1">
                    <span dir="ltr" className="w-fit font-mono font-semibold tracking-wide text-foreground">
                      {coupon.code}
                    </span>
                    <span className="flex flex-col gap-0.5 text-xs text-muted-foreground md:hidden">
                      <time dateTime={coupon.expiresAt}>
                        {formatDateTime(coupon.expiresAt, expiryFormat)}
                      </time>
                      <span>
                        {columns.usage}: {text.coupons.usage(coupon.uses, coupon.usageLimit)}
                      </span>
                    </span>
                  </span>
                </th>
                <td className={cn(t.cell, 'font-semibold tabular-nums')}>
                  {text.percent(basisPointsToPercent(coupon.discount))}
                </td>
                <td className={cn(t.cell, 'whitespace-nowrap text-muted-foreground max-md:hidden')}>
                  <time dateTime={coupon.expiresAt}>{formatDateTime(coupon.expiresAt, expiryFormat)}</time>
                </td>
                <td className={cn(t.cell, 'max-md:hidden')}>
                  <Usage coupon={coupon} />
                </td>
                <td className={t.cell}>
                  <Badge tone={STATE_TONES[state]}>{text.coupons.states[state]}</Badge>
                </td>
                {canManage ? (
                  <td className={cn(t.cell, 'w-12 text-end')}>
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
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function CouponsSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col divide-y divide-border">
      <span className="sr-only">{messages.common.loading}</span>
      {Array.from({ length: 3 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
        <div key={index} className="flex items-center gap-8 px-4 py-4">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-4 w-10" />
          <Skeleton className="h-4 w-32 max-md:hidden" />
          <Skeleton className="h-4 w-16 max-md:hidden" />
          <Skeleton className="h-5 w-14 rounded-full" />
        </div>
      ))}
    </div>
  );
}

/** The coupons tab: search by code, the list with state and usage, and (SuperAdmin) create, edit, delete. */
export function CouponsPanel({ canManage }: { canManage: boolean }) {
  const [pageSize] = useState(getPageSize);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const coupons = useCoupons({ page, size: pageSize, search: search || undefined });
  const remove = useDeleteCoupon();
  const { toast } = useToast();
  const showError = useErrorToast();
  const [form, setForm] = useState<{ coupon: Coupon | null } | null>(null);
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const total = coupons.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));

  const onSearch = useCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, []);

  let body: ReactNode;
  if (coupons.isPending) {
    body = <CouponsSkeleton />;
  } else if (coupons.isError && !coupons.data) {
    body = (
      <ErrorState
        title={text.coupons.errorTitle}
        error={coupons.error}
        onRetry={() => void coupons.refetch()}
        isRetrying={coupons.isFetching}
      />
    );
  } else if (total === 0) {
    body = search ? (
      <EmptyState
        icon={<SearchX />}
        title={text.coupons.noMatchesTitle}
        description={text.coupons.noMatchesBody}
        action={
          <Button variant="secondary" onClick={() => onSearch('')}>
            {text.coupons.clearSearch}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<TicketPercent />}
        title={text.coupons.emptyTitle}
        description={canManage ? text.coupons.emptyBody : text.coupons.emptyBodyReadOnly}
      />
    );
  } else {
    body = (
      <>
        <CouponsTable
          coupons={coupons.data?.list ?? []}
          canManage={canManage}
          onEdit={(coupon) => setForm({ coupon })}
          onDelete={setDeleting}
          isStale={coupons.isPlaceholderData}
        />
        {total > pageSize ? (
          <Pagination
            label={text.coupons.pagination}
            page={Math.min(page, lastPage)}
            pageSize={pageSize}
            total={total}
            onPageChange={setPage}
            disabled={coupons.isPlaceholderData}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchField
          label={text.coupons.search}
          placeholder={text.coupons.searchPlaceholder}
          clearLabel={text.coupons.clearSearch}
          value={search}
          onSearch={onSearch}
          className="sm:w-72"
        />
        {canManage ? (
          <Button onClick={() => setForm({ coupon: null })}>
            <Plus aria-hidden="true" />
            {text.coupons.newCoupon}
          </Button>
        ) : null}
      </div>
      <Card className="overflow-hidden" aria-busy={coupons.isFetching || undefined}>
        {body}
      </Card>

      {canManage ? (
        <>
          <CouponFormDialog
            open={form !== null}
            coupon={form?.coupon ?? null}
            onOpenChange={(open) => (open ? undefined : setForm(null))}
          />
          {deleting ? (
            <ConfirmDialog
              open
              onOpenChange={(open) => (open ? undefined : setDeleting(null))}
              title={text.coupons.deleteTitle(deleting.code)}
              description={text.coupons.deleteBody}
              confirmLabel={text.coupons.deleteConfirm}
              tone="danger"
              isPending={remove.isPending}
              onConfirm={() =>
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    toast({
                      id: 'coupon-deleted',
                      type: 'success',
                      title: text.coupons.deleted(deleting.code),
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
