import type { InvoiceStats } from '@hiwar/domain';
import { cn, formatMoney, invoicesMessages, Skeleton } from '@hiwar/ui';
import { BanknoteArrowUp, Coins, Hourglass, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';

const text = invoicesMessages;

interface Balance {
  key: 'earned' | 'withdrawable' | 'pending' | 'withdrawn';
  icon: ReactNode;
}

const BALANCES: readonly Balance[] = [
  { key: 'withdrawable', icon: <Wallet /> },
  { key: 'earned', icon: <Coins /> },
  { key: 'pending', icon: <Hourglass /> },
  { key: 'withdrawn', icon: <BanknoteArrowUp /> },
];

/**
 * The tutor's ledger in four cards: what can be withdrawn now (first, highlighted), what the lessons
 * earned, what open requests hold and what was already sent. A list of terms, so each amount is read
 * with its name.
 */
export function BalanceCards({ stats }: { stats: InvoiceStats | undefined }) {
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {BALANCES.map(({ key, icon }) => {
        const highlighted = key === 'withdrawable';
        return (
          <div
            key={key}
            className={cn(
              'flex flex-col gap-2 rounded-2xl border p-4 shadow-card',
              highlighted ? 'border-brand/40 bg-brand-soft/60' : 'border-border bg-surface',
            )}
          >
            <dt className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
              <span
                aria-hidden="true"
                className={cn(
                  'inline-flex size-8 items-center justify-center rounded-lg [&_svg]:size-4',
                  highlighted ? 'bg-brand text-brand-foreground' : 'bg-surface-muted text-foreground',
                )}
              >
                {icon}
              </span>
              {text.ledger[key]}
            </dt>
            <dd className="text-2xl font-bold tabular-nums text-foreground">
              {stats ? formatMoney(stats[key]) : <Skeleton className="h-8 w-28" />}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
