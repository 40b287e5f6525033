import { useInvoiceStats, useInvoices } from '@hiwar/client';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  formatDate,
  formatMoney,
  invoicesMessages,
} from '@hiwar/ui';
import { ListFilter } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { InvoiceStatusBadge } from '../../../components/invoice-status-badge.tsx';
import { LedgerSummary } from '../../../components/ledger-summary.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useStaffUser } from '../../../components/staff-guard.tsx';
import { canOpenSection } from '../../../lib/staff-access.ts';

const text = invoicesMessages;
const RECENT = 5;

function EarningsContent({ tutorId }: { tutorId: number }) {
  const titleId = useId();
  const stats = useInvoiceStats(tutorId);
  const invoices = useInvoices({ tutorId, page: 1, size: RECENT });
  const all = `/invoices?tutorId=${tutorId}`;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex flex-col gap-1">
            <CardTitle as="h2" id={titleId} className="text-base">
              {text.tutorCard.title}
            </CardTitle>
            <CardDescription>{text.tutorCard.description}</CardDescription>
          </div>
          <Button asChild variant="secondary" size="sm">
            <Link to={all}>
              <ListFilter aria-hidden="true" className="size-4" />
              {text.tutorCard.all}
            </Link>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {stats.isError ? (
          <ErrorState
            title={text.tutorCard.loadFailed}
            error={stats.error}
            onRetry={() => void stats.refetch()}
          />
        ) : (
          <LedgerSummary stats={stats.data} />
        )}
        <section aria-labelledby={`${titleId}-recent`} className="flex flex-col gap-2">
          <h3 id={`${titleId}-recent`} className="text-sm font-bold text-foreground">
            {text.tutorCard.recent}
          </h3>
          {invoices.isLoading ? (
            <Skeleton className="h-24 w-full rounded-xl" />
          ) : invoices.isError ? (
            <ErrorState
              title={text.tutorCard.loadFailed}
              error={invoices.error}
              onRetry={() => void invoices.refetch()}
            />
          ) : (invoices.data?.list.length ?? 0) === 0 ? (
            <p className="text-sm text-muted-foreground">{text.tutorCard.none}</p>
          ) : (
            <ul
              aria-labelledby={`${titleId}-recent`}
              className="divide-y divide-border rounded-xl border border-border"
            >
              {invoices.data?.list.map((invoice) => (
                <li
                  key={invoice.id}
                  className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5"
                >
                  <Link
                    to={`${all}&invoice=${invoice.id}`}
                    className="flex flex-col text-sm hover:text-brand focus-visible:underline"
                  >
                    <span className="font-semibold tabular-nums">{formatMoney(invoice.amount)}</span>
                    <span className="text-xs text-muted-foreground">
                      {text.method[invoice.details.method]} ·{' '}
                      {formatDate(invoice.createdAt, { dateStyle: 'medium' })}
                    </span>
                  </Link>
                  <InvoiceStatusBadge status={invoice.status} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

/**
 * The tutor page's "earnings and withdrawals": the ledger and the latest requests, each linking to
 * `/invoices?tutorId=…`. Only for the staff who handle withdrawals (SuperAdmin, RegularAdmin).
 */
export function TutorEarningsCard({ tutorId }: { tutorId: number }) {
  const viewer = useStaffUser();
  return canOpenSection(viewer.role, 'invoices') ? <EarningsContent tutorId={tutorId} /> : null;
}
