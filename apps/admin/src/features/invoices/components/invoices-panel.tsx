import { useInvoiceEvents, useInvoices } from '@hiwar/client';
import {
  INVOICE_STATUSES,
  type Invoice,
  type InvoiceEvent,
  InvoiceEventAction,
  InvoiceStatus,
  Role,
  WITHDRAW_METHOD_TYPES,
  type WithdrawMethodType,
} from '@hiwar/domain';
import {
  Button,
  EmptyState,
  FormField,
  fieldControlClassName,
  formatDateTime,
  formatMoney,
  Input,
  invoicesMessages,
  useToast,
} from '@hiwar/ui';
import { Eye, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { InvoiceStatusBadge } from '../../../components/invoice-status-badge.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useStaffUser } from '../../../components/staff-guard.tsx';
import { tableStyles as t } from '../../../components/table-styles.ts';
import { UserPicker } from '../../../components/user-picker.tsx';
import { formatId } from '../../../lib/figures.ts';
import {
  INVOICES_PAGE_SIZE,
  type InvoiceStatusFilter,
  invoiceListQuery,
  useInvoiceListParams,
} from '../hooks/use-invoice-list-params.ts';
import { InvoiceDetailDialog, receiverName } from './invoice-detail-dialog.tsx';

const text = invoicesMessages;
const staffEvents = invoicesMessages.events.staff;
const TUTOR_ROLES = [Role.Tutor, Role.TutorManager] as const;

/** Moves only the tutor makes: new requests, asking to update or to cancel. */
const TUTOR_STATUSES: readonly InvoiceStatus[] = [
  InvoiceStatus.UpdatedByReceiver,
  InvoiceStatus.CanceledByReceiver,
];

/** The toast line for a live change, or `null` for this viewer's own action (its dialog said so). */
function liveToast(event: InvoiceEvent, viewerId: number): string | null {
  const name = receiverName(event.invoice);
  const byTutor =
    event.action === InvoiceEventAction.Created ||
    (event.action === InvoiceEventAction.StatusChanged && TUTOR_STATUSES.includes(event.invoice.status));
  if (!byTutor && event.invoice.addressedBy?.id === viewerId) {
    return null;
  }
  switch (event.action) {
    case InvoiceEventAction.Created:
      return staffEvents.created(name);
    case InvoiceEventAction.StatusChanged:
      return staffEvents['status-changed'](name, event.invoice.status);
    case InvoiceEventAction.NoteChanged:
      return staffEvents['note-changed'](name);
    case InvoiceEventAction.Deleted:
      return staffEvents.deleted(name);
  }
}

/** The later copy of the same request (the list may still hold the one before a change). */
function newest(a: Invoice | undefined, b: Invoice | undefined): Invoice | undefined {
  if (!a || !b) {
    return a ?? b;
  }
  return Date.parse(b.updatedAt) > Date.parse(a.updatedAt) ? b : a;
}

/**
 * Withdrawal requests filtered by status (or every open one), tutor (chosen by name), method and Cairo
 * dates, newest first, with every filter, the page and the open request in the address. The list and
 * the open request follow the `AdminInvoices` channel live; another admin's or a tutor's change shows
 * as a toast. Render inside `LiveUpdates`.
 */
export function InvoicesPanel() {
  const viewer = useStaffUser();
  const { params, update, open, reset, hasFilters } = useInvoiceListParams();
  const invoices = useInvoices(invoiceListQuery(params));
  const { toast } = useToast();
  // The open request as last seen, for when it leaves this page of the list (filtered out by its move).
  const [seen, setSeen] = useState<Invoice | null>(null);
  useInvoiceEvents((event) => {
    if (event.invoice.id === params.openId) {
      setSeen(event.invoice);
    }
    const line = liveToast(event, viewer.id);
    if (line) {
      toast({ id: `invoice-${event.invoice.id}`, type: 'info', title: line });
    }
  });
  const total = invoices.data?.total ?? 0;
  const list = invoices.data?.list ?? [];
  const shown = newest(
    list.find((invoice) => invoice.id === params.openId),
    seen !== null && seen.id === params.openId ? seen : undefined,
  );

  return (
    <div className="flex flex-col gap-4">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is recent and unknown to the test DOM; the role means the same. */}
      <div
        role="search"
        aria-label={text.admin.filters}
        className="grid gap-3 rounded-2xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <UserPicker
          label={text.admin.tutor}
          placeholder={text.admin.tutorPlaceholder}
          roles={TUTOR_ROLES}
          value={params.tutorId}
          onChange={(id) => update({ tutorId: id })}
        />
        <FormField label={text.admin.status}>
          <select
            className={`${fieldControlClassName} h-11`}
            value={params.status ?? ''}
            onChange={(event) =>
              update({ status: (event.target.value || undefined) as InvoiceStatusFilter | undefined })
            }
          >
            <option value="">{text.admin.anyStatus}</option>
            <option value="open">{text.admin.openStatuses}</option>
            {INVOICE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {text.status[status]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={text.admin.method}>
          <select
            className={`${fieldControlClassName} h-11`}
            value={params.method ?? ''}
            onChange={(event) =>
              update({ method: (event.target.value || undefined) as WithdrawMethodType | undefined })
            }
          >
            <option value="">{text.admin.anyMethod}</option>
            {WITHDRAW_METHOD_TYPES.map((method) => (
              <option key={method} value={method}>
                {text.method[method]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={text.admin.from}>
          <Input
            type="date"
            value={params.from ?? ''}
            max={params.to}
            onChange={(event) => update({ from: event.target.value || undefined })}
          />
        </FormField>
        <FormField label={text.admin.to}>
          <Input
            type="date"
            value={params.to ?? ''}
            min={params.from}
            onChange={(event) => update({ to: event.target.value || undefined })}
          />
        </FormField>
        {hasFilters ? (
          <div className="flex items-end">
            <Button type="button" variant="ghost" size="sm" onClick={reset}>
              {text.admin.reset}
            </Button>
          </div>
        ) : null}
      </div>
      {invoices.isLoading ? (
        <Skeleton className="h-48 w-full rounded-2xl" />
      ) : invoices.isError ? (
        <ErrorState
          title={text.admin.loadFailed}
          error={invoices.error}
          onRetry={() => void invoices.refetch()}
        />
      ) : total === 0 ? (
        <EmptyState icon={<Receipt />} title={text.admin.empty} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {text.admin.total(total)}
          </p>
          <div className="overflow-x-auto rounded-2xl border border-border bg-card">
            <table className={t.table} aria-label={text.admin.table}>
              <thead className={t.head}>
                <tr>
                  <th className={t.headCell}>{text.admin.id}</th>
                  <th className={t.headCell}>{text.admin.tutor}</th>
                  <th className={t.headCell}>{text.admin.amount}</th>
                  <th className={t.headCell}>{text.admin.method}</th>
                  <th className={t.headCell}>{text.admin.status}</th>
                  <th className={t.headCell}>{text.admin.requestedAt}</th>
                  <th className={t.headCell}>{text.admin.actions}</th>
                </tr>
              </thead>
              <tbody className={t.body}>
                {list.map((invoice) => {
                  const name = receiverName(invoice);
                  return (
                    <tr key={invoice.id} className={t.row}>
                      <td className={`${t.cell} tabular-nums`}>{formatId(invoice.id)}</td>
                      <td className={t.cell}>
                        <Link
                          to={`/tutor/${invoice.userId}`}
                          className="font-semibold text-foreground hover:text-brand focus-visible:underline"
                        >
                          {name}
                        </Link>
                      </td>
                      <td className={`${t.cell} whitespace-nowrap font-semibold tabular-nums`}>
                        {formatMoney(invoice.amount)}
                      </td>
                      <td className={`${t.cell} whitespace-nowrap`}>{text.method[invoice.details.method]}</td>
                      <td className={t.cell}>
                        <InvoiceStatusBadge status={invoice.status} />
                      </td>
                      <td className={`${t.cell} whitespace-nowrap`}>{formatDateTime(invoice.createdAt)}</td>
                      <td className={t.cell}>
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={text.admin.detailsOf(name, invoice.id)}
                          onClick={() => {
                            setSeen(invoice);
                            open(invoice.id);
                          }}
                        >
                          <Eye aria-hidden="true" className="size-4" />
                          {text.admin.details}
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pagination
            label={text.admin.table}
            page={params.page}
            pageSize={INVOICES_PAGE_SIZE}
            total={total}
            onPageChange={(page) => update({ page })}
          />
        </>
      )}
      <InvoiceDetailDialog
        openId={params.openId}
        invoice={shown}
        onClose={() => open(undefined)}
        onSaved={setSeen}
      />
    </div>
  );
}
