import { useDashboardStats } from '@hiwar/client';
import type { DashboardStats } from '@hiwar/domain';
import {
  adminDashboardMessages,
  Button,
  EmptyState,
  formatMoney,
  formatNumber,
  formatTime,
  messages,
} from '@hiwar/ui';
import {
  BadgeCheck,
  BookOpen,
  Camera,
  CreditCard,
  LayoutDashboard,
  LifeBuoy,
  MessagesSquare,
  RotateCw,
  UserPlus,
  Wallet,
} from 'lucide-react';
import type { ReactElement } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { StatCard } from './stat-card.tsx';

const text = adminDashboardMessages.dashboard;
const cardText = text.cards;
const count = (value: number) => formatNumber(value);

/** Every card the server may send, in the order they are shown, each with its screen. */
function cardsOf(stats: DashboardStats): ReactElement[] {
  const { cards } = stats;
  const shown: ReactElement[] = [];
  if (cards.lessons) {
    shown.push(
      <StatCard
        key="lessons"
        title={cardText.lessons.title}
        value={count(cards.lessons.today)}
        valueLabel={text.today}
        detail={text.weekValue(count(cards.lessons.week))}
        series={cards.lessons.series}
        chartTitle={cardText.lessons.chart}
        format={count}
        to="/lessons"
        linkLabel={cardText.lessons.link}
        icon={<BookOpen />}
      />,
    );
  }
  if (cards.newUsers) {
    shown.push(
      <StatCard
        key="newUsers"
        title={cardText.newUsers.title}
        value={count(cards.newUsers.today)}
        valueLabel={text.today}
        detail={text.weekValue(count(cards.newUsers.week))}
        series={cards.newUsers.series}
        chartTitle={cardText.newUsers.chart}
        format={count}
        to="/users"
        linkLabel={cardText.newUsers.link}
        icon={<UserPlus />}
      />,
    );
  }
  if (cards.revenue) {
    shown.push(
      <StatCard
        key="revenue"
        title={cardText.revenue.title}
        value={formatMoney(cards.revenue.week)}
        valueLabel={text.thisWeek}
        detail={
          <>
            <p>{text.monthValue(formatMoney(cards.revenue.month))}</p>
            <p className="text-xs">{cardText.revenue.hint}</p>
          </>
        }
        series={cards.revenue.series}
        chartTitle={cardText.revenue.chart}
        format={formatMoney}
        to="/plans"
        linkLabel={cardText.revenue.link}
        icon={<Wallet />}
      />,
    );
  }
  const backlog = [
    { key: 'pendingInvoices', to: '/invoices?status=open', icon: <CreditCard /> },
    { key: 'pendingInterviews', to: '/interviews?status=1', icon: <MessagesSquare /> },
    { key: 'unsignedInterviews', to: '/interviews?status=2&signed=false', icon: <BadgeCheck /> },
    { key: 'openReports', to: '/reports', icon: <LifeBuoy /> },
    { key: 'photoSessions', to: '/photo-sessions?missing=true', icon: <Camera /> },
  ] as const;
  for (const { key, to, icon } of backlog) {
    const card = cards[key];
    if (!card) {
      continue;
    }
    const words = cardText[key];
    shown.push(
      <StatCard
        key={key}
        title={words.title}
        value={count(card.count)}
        valueLabel={text.waiting}
        detail={'hint' in words ? words.hint : undefined}
        series={card.series}
        chartTitle={words.chart}
        format={count}
        to={to}
        linkLabel={words.link}
        icon={icon}
      />,
    );
  }
  return shown;
}

/**
 * The dashboard's cards for the signed-in staff member (the server decides which: admins all, a
 * TutorManager their lessons and interviews, a Studio member their photo sessions), each with a
 * figure, a chart of the last weeks and a link to its screen.
 */
export function DashboardCards() {
  const stats = useDashboardStats();

  if (stats.isLoading) {
    return (
      <div
        role="status"
        aria-label={messages.common.loading}
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
      >
        {[1, 2, 3, 4].map((key) => (
          <Skeleton key={key} className="h-56 rounded-2xl" />
        ))}
      </div>
    );
  }
  if (stats.isError || !stats.data) {
    return <ErrorState title={text.loadFailed} error={stats.error} onRetry={() => void stats.refetch()} />;
  }
  const cards = cardsOf(stats.data);
  if (cards.length === 0) {
    return <EmptyState icon={<LayoutDashboard />} title={text.empty} />;
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-end gap-3">
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {text.updatedAt(formatTime(stats.data.generatedAt))}
        </p>
        <Button variant="ghost" size="sm" onClick={() => void stats.refetch()} loading={stats.isFetching}>
          {stats.isFetching ? null : <RotateCw aria-hidden="true" />}
          {text.refresh}
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">{cards}</div>
    </div>
  );
}
