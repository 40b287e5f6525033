import type { OkResponse } from '@hiwar/domain';
import { Button, Card, EmptyState, messages, useErrorToast, useToast } from '@hiwar/ui';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Plus, SearchX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';

/** The catalogue strings every resource tab has (`adminPaymentsMessages.plans`, `.coupons`, `.invites`). */
export interface ResourcePanelText {
  errorTitle: string;
  emptyTitle: string;
  emptyBody: string;
  emptyBodyReadOnly: string;
  deleteTitle: (name: string) => string;
  deleteBody: string;
  deleteConfirm: string;
  deleted: (name: string) => string;
}

/** What a tab's list (its table) is handed: the rows and the row actions that open the panel's dialogs. */
export interface ResourceListProps<TRecord> {
  records: readonly TRecord[];
  isStale: boolean;
  onEdit: (record: TRecord) => void;
  onDelete: (record: TRecord) => void;
}

/** What a tab's create/edit dialog is handed; `record` is `null` to create one. */
export interface ResourceFormProps<TRecord> {
  open: boolean;
  record: TRecord | null;
  onOpenChange: (open: boolean) => void;
}

export interface ResourcePanelProps<TRecord extends { id: number }> {
  /** The page of records shown, with `total` over every page. */
  query: UseQueryResult<{ list: TRecord[]; total: number }>;
  text: ResourcePanelText;
  /** SuperAdmin: the create button, the row actions and the dialogs; otherwise read-only. */
  canManage: boolean;
  createLabel: string;
  /** How a record is named in the delete dialog and its toast (a plan's alias, a coupon's code, …). */
  nameOf: (record: TRecord) => string;
  remove: UseMutationResult<OkResponse, Error, number>;
  /** The id of the "deleted" toast, so a second deletion replaces the first. */
  deletedToastId: string;
  /** Search and filters (or a count) at the start of the toolbar; the create button sits at its end. */
  toolbar: ReactNode;
  skeleton: ReactNode;
  emptyIcon: ReactNode;
  /** The empty list offers the create button too (a tab whose first record is the next step). */
  emptyOffersCreate?: boolean;
  /** While a search or filter is on, an empty list says nothing matched and offers to clear it. */
  noMatches?: { title: string; description: string; clearLabel: string; onClear: () => void } | null;
  pagination: { label: string; page: number; pageSize: number; onPageChange: (page: number) => void };
  renderList: (props: ResourceListProps<TRecord>) => ReactNode;
  renderForm: (props: ResourceFormProps<TRecord>) => ReactNode;
}

/**
 * One tab of the plans page: a toolbar, the list in a card (pulsing rows while it loads, the error with
 * a retry, an empty or no-matches state, pages past `pageSize`), and for a SuperAdmin the create/edit
 * dialog and the delete confirmation with its toast.
 */
export function ResourcePanel<TRecord extends { id: number }>(props: ResourcePanelProps<TRecord>) {
  const { query, text, canManage, pagination, remove } = props;
  const { toast } = useToast();
  const showError = useErrorToast();
  const [form, setForm] = useState<{ record: TRecord | null } | null>(null);
  const [deleting, setDeleting] = useState<TRecord | null>(null);
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pagination.pageSize));

  const createButton = canManage ? (
    <Button onClick={() => setForm({ record: null })}>
      <Plus aria-hidden="true" />
      {props.createLabel}
    </Button>
  ) : null;

  let body: ReactNode;
  if (query.isPending) {
    body = props.skeleton;
  } else if (query.isError && !query.data) {
    body = (
      <ErrorState
        title={text.errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (total === 0) {
    body = props.noMatches ? (
      <EmptyState
        icon={<SearchX />}
        title={props.noMatches.title}
        description={props.noMatches.description}
        action={
          <Button variant="secondary" onClick={props.noMatches.onClear}>
            {props.noMatches.clearLabel}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={props.emptyIcon}
        title={text.emptyTitle}
        description={canManage ? text.emptyBody : text.emptyBodyReadOnly}
        action={props.emptyOffersCreate ? createButton : null}
      />
    );
  } else {
    body = (
      <>
        {props.renderList({
          records: query.data?.list ?? [],
          isStale: query.isPlaceholderData,
          onEdit: (record) => setForm({ record }),
          onDelete: setDeleting,
        })}
        {total > pagination.pageSize ? (
          <Pagination
            label={pagination.label}
            page={Math.min(pagination.page, lastPage)}
            pageSize={pagination.pageSize}
            total={total}
            onPageChange={pagination.onPageChange}
            disabled={query.isPlaceholderData}
          />
        ) : null}
      </>
    );
  }

  const confirmDelete = (record: TRecord) =>
    remove.mutate(record.id, {
      onSuccess: () => {
        toast({ id: props.deletedToastId, type: 'success', title: text.deleted(props.nameOf(record)) });
        setDeleting(null);
      },
      onError: (error) => {
        showError(error);
        setDeleting(null);
      },
    });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {props.toolbar}
        {createButton}
      </div>
      <Card className="overflow-hidden" aria-busy={query.isFetching || undefined}>
        {body}
      </Card>

      {canManage ? (
        <>
          {props.renderForm({
            open: form !== null,
            record: form?.record ?? null,
            onOpenChange: (open) => (open ? undefined : setForm(null)),
          })}
          {deleting ? (
            <ConfirmDialog
              open
              onOpenChange={(open) => (open ? undefined : setDeleting(null))}
              title={text.deleteTitle(props.nameOf(deleting))}
              description={text.deleteBody}
              confirmLabel={text.deleteConfirm}
              tone="danger"
              isPending={remove.isPending}
              onConfirm={() => confirmDelete(deleting)}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/**
 * Three pulsing rows in a table's shape while its list loads; one placeholder per column, each given
 * by its classes (`h-4 w-28`, `max-md:hidden` for a column phones drop).
 */
export function RowsSkeleton({ cells }: { cells: readonly string[] }) {
  return (
    <div aria-busy="true" className="flex flex-col divide-y divide-border">
      <span className="sr-only">{messages.common.loading}</span>
      {Array.from({ length: 3 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
        <div key={index} className="flex items-center gap-8 px-4 py-4">
          {cells.map((cell, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity.
            <Skeleton key={column} className={cell} />
          ))}
        </div>
      ))}
    </div>
  );
}
