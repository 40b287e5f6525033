import { useServerStats } from '@hiwar/client';
import { SERVER_STATS_INTERVAL_MS } from '@hiwar/domain';
import { Alert, adminDashboardMessages, messages } from '@hiwar/ui';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { InstanceStatsCard } from './instance-stats-card.tsx';

const text = adminDashboardMessages.serverStats;

/** An instance is stale when its last frame is this many intervals older than the newest one. */
const STALE_INTERVALS = 3;

/**
 * Every instance's live figures side by side: the answering instance at once, then each instance's
 * frames over the `ServerStats` channel. Render inside `LiveUpdates`.
 */
export function ServerStatsPanel() {
  const { instances, status, error } = useServerStats();
  const frames = instances.flatMap((instance) => instance.frames.slice(-1));
  const newest = Math.max(0, ...frames.map((frame) => Date.parse(frame.at)));
  const interval = frames[0]?.intervalMs ?? SERVER_STATS_INTERVAL_MS;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm text-muted-foreground">
          {status === 'live'
            ? text.status.live(Math.round(interval / 1000))
            : status === 'connecting'
              ? text.status.connecting
              : null}
        </p>
        {instances.length > 0 ? (
          <p className="text-sm font-semibold text-foreground">{text.instances(instances.length)}</p>
        ) : null}
      </div>
      {status === 'unallowed' ? <Alert tone="warning">{text.status.unallowed}</Alert> : null}
      {status === 'unreachable' ? <Alert tone="warning">{text.status.unreachable}</Alert> : null}
      {instances.length === 0 ? (
        error ? (
          <ErrorState title={text.loadFailed} error={error} />
        ) : (
          <div role="status" aria-label={messages.common.loading} className="grid gap-4 xl:grid-cols-2">
            <Skeleton className="h-96 rounded-2xl" />
          </div>
        )
      ) : (
        <div className="grid items-start gap-4 xl:grid-cols-2">
          {instances.map((instance) => {
            const last = instance.frames.at(-1);
            const stale = last ? newest - Date.parse(last.at) > STALE_INTERVALS * last.intervalMs : false;
            return <InstanceStatsCard key={instance.instanceId} instance={instance} stale={stale} />;
          })}
        </div>
      )}
    </div>
  );
}
