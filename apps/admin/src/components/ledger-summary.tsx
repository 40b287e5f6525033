import type { InvoiceStats } from '@hiwar/domain';
import { cn, formatMoney, invoicesMessages } from '@hiwar/ui';
import { Skeleton } from './skeleton.tsx';

const text = invoicesMessages.ledger;
const KEYS = ['withdrawable', 'earned', 'pending', 'withdrawn'] as const;

/**
 * A tutor's ledger (`GET /api/v1/invoice/stats/{id}`) as four named amounts: withdrawable first, then
 * earned, held by open requests, and already sent. The invoice details and the tutor page share it.
 */
export function LedgerSummary({ stats, className }: { stats: InvoiceStats | undefined; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-2 sm:grid-cols-4', className)}>
      {KEYS.map((key) => (
        <div
          key={key}
          className={cn(
            'flex flex-col gap-1 rounded-xl border p-3',
            key === 'withdrawable' ? 'border-brand/40 bg-brand-soft/50' : 'border-border bg-surface-muted/40',
          )}
        >
          <dt className="text-xs font-semibold text-muted-foreground">{text[key]}</dt>
          <dd className="text-base font-bold tabular-nums text-foreground">
            {stats ? formatMoney(stats[key]) : <Skeleton className="h-6 w-20" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
