import { useContactRequestEvents, useContactRequests, useUpdateContactRequest } from '@hiwar/client';
import type { ContactRequest } from '@hiwar/domain';
import {
  adminMessages,
  Button,
  Card,
  EmptyState,
  FormField,
  fieldControlClassName,
  formatDateTime,
  supportMessages,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { CheckCircle2, Inbox, Mail, Phone, RotateCcw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../../components/badge.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';

const text = supportMessages.adminContactRequests;
const PAGE_SIZE = 20;

type HandledFilter = 'open' | 'handled' | 'all';

/**
 * Contact requests from the public site (SuperAdmin, RegularAdmin): waiting ones first by default, a
 * search, newest first, each with how to reach the sender and a button to mark it handled (or open
 * again). Filters and page live in the address; new requests arrive live. Render inside `LiveUpdates`.
 */
export function ContactRequestsInbox() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('status');
  const filter: HandledFilter = raw === 'handled' || raw === 'all' ? raw : 'open';
  const search = (searchParams.get('search') ?? '').trim().slice(0, 100);
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const requests = useContactRequests({
    page,
    size: PAGE_SIZE,
    ...(filter === 'all' ? {} : { handled: filter === 'handled' }),
    ...(search ? { search } : {}),
  });
  const { toast } = useToast();
  useContactRequestEvents((event) => {
    if (event.action === 'created') {
      toast({ type: 'info', title: supportMessages.events.newContactRequest(event.contactRequest.title) });
    }
  });

  const set = (patch: Record<string, string | undefined>, replace = false) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries({ page: undefined, ...patch })) {
          if (value === undefined || value === '') {
            next.delete(key);
          } else {
            next.set(key, value);
          }
        }
        return next;
      },
      { replace },
    );

  const total = requests.data?.total ?? 0;
  return (
    <div className="flex flex-col gap-4">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is recent and unknown to the test DOM; the role means the same. */}
      <div
        role="search"
        aria-label={text.filters}
        className="grid gap-3 rounded-2xl border border-border bg-card p-4 sm:grid-cols-2"
      >
        <FormField label={text.status}>
          <select
            className={`${fieldControlClassName} h-11`}
            value={filter}
            onChange={(event) =>
              set({ status: event.target.value === 'open' ? undefined : event.target.value })
            }
          >
            <option value="open">{text.onlyOpen}</option>
            <option value="handled">{text.onlyHandled}</option>
            <option value="all">{text.any}</option>
          </select>
        </FormField>
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-semibold text-foreground" aria-hidden="true">
            {text.search}
          </span>
          <SearchField
            label={text.search}
            placeholder={text.searchPlaceholder}
            clearLabel={text.clearSearch}
            value={search}
            onSearch={(value) => set({ search: value }, true)}
          />
        </div>
      </div>
      {requests.isLoading ? (
        <Skeleton className="h-48 w-full rounded-2xl" />
      ) : requests.isError ? (
        <ErrorState title={text.loadFailed} error={requests.error} onRetry={() => void requests.refetch()} />
      ) : total === 0 ? (
        <EmptyState icon={<Inbox />} title={text.empty} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {text.total(total)} · {adminMessages.badges.requests(requests.data?.unhandled ?? 0)}
          </p>
          <ul aria-label={text.list} className="flex flex-col gap-3">
            {(requests.data?.list ?? []).map((request) => (
              <li key={request.id}>
                <ContactRequestCard request={request} />
              </li>
            ))}
          </ul>
          <Pagination
            label={text.pages}
            page={page}
            pageSize={PAGE_SIZE}
            total={total}
            onPageChange={(next) => set({ page: next > 1 ? String(next) : undefined })}
          />
        </>
      )}
    </div>
  );
}

function ContactRequestCard({ request }: { request: ContactRequest }) {
  const update = useUpdateContactRequest();
  const { toast } = useToast();
  const showError = useErrorToast();
  const headingId = `contact-request-${request.id}`;
  const toggle = () =>
    update.mutate(
      { id: request.id, handled: !request.handled },
      {
        onSuccess: (saved) =>
          toast({ type: 'success', title: saved.handled ? text.markedHandled : text.markedOpen }),
        onError: showError,
      },
    );
  return (
    <Card className="flex flex-col gap-3 p-4" aria-labelledby={headingId} role="article">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 id={headingId} className="font-bold">
            <bdi dir="auto">{request.title}</bdi>
          </h2>
          <p className="text-xs text-muted-foreground">
            <bdi dir="auto">{request.name}</bdi> · {text.received(formatDateTime(request.createdAt))}
          </p>
        </div>
        <Badge tone={request.handled ? 'success' : 'warning'}>
          {request.handled ? text.handled : text.open}
        </Badge>
      </div>
      <p className="whitespace-pre-wrap break-words text-sm" dir="auto">
        {request.message}
      </p>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {request.phone ? (
          <a
            href={`tel:${request.phone}`}
            className="inline-flex items-center gap-1 hover:text-brand focus-visible:underline"
          >
            <Phone aria-hidden="true" className="size-4" />
            <span className="sr-only">{text.phone}: </span>
            <bdi dir="ltr">{request.phone}</bdi>
          </a>
        ) : null}
        {request.email ? (
          <a
            href={`mailto:${request.email}`}
            className="inline-flex items-center gap-1 hover:text-brand focus-visible:underline"
          >
            <Mail aria-hidden="true" className="size-4" />
            <span className="sr-only">{text.email}: </span>
            <bdi dir="ltr">{request.email}</bdi>
          </a>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-muted-foreground">
          {request.handled && request.handledAt
            ? text.handledBy(
                request.handledBy?.name ?? supportMessages.conversation.deletedAccount,
                formatDateTime(request.handledAt),
              )
            : null}
        </span>
        <Button
          size="sm"
          variant={request.handled ? 'secondary' : 'primary'}
          loading={update.isPending}
          onClick={toggle}
        >
          {request.handled ? <RotateCcw aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
          {request.handled ? text.markOpen : text.markHandled}
        </Button>
      </div>
    </Card>
  );
}
