import type { InstanceStats } from '@hiwar/client';
import type { ServerStatsFrame } from '@hiwar/domain';
import { adminDashboardMessages, Card, formatDateTime, formatNumber, formatTime } from '@hiwar/ui';
import { AlertTriangle, Server } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { Sparkline } from '../../../components/sparkline.tsx';
import { tableStyles as t } from '../../../components/table-styles.ts';
import { formatBytes, formatMilliseconds, formatUptime } from '../../../lib/figures.ts';

const text = adminDashboardMessages.serverStats;
const sparkline = adminDashboardMessages.sparkline;

/** One figure with its recent readings drawn small (named in words for screen readers). */
function Figure({
  title,
  children,
  history,
  format,
}: {
  title: string;
  children: ReactNode;
  history?: { title: string; values: number[] };
  format?: (value: number) => string;
}) {
  const formatted = history && format ? history.values.map(format) : [];
  return (
    <div className="flex flex-col gap-1.5 rounded-xl border border-border bg-surface-muted/40 p-3">
      <dt className="text-xs font-semibold text-muted-foreground">{title}</dt>
      <dd className="flex flex-col gap-2 text-sm text-foreground">
        <div className="flex flex-col gap-0.5">{children}</div>
        {history ? (
          <Sparkline
            values={history.values}
            label={sparkline.recent(history.title, formatted, formatted.at(-1) ?? '')}
          />
        ) : null}
      </dd>
    </div>
  );
}

/** A label and its value; `latin` for identifiers read as written (a version), kept left to right. */
function Pair({ label, value, latin = false }: { label: string; value: string; latin?: boolean }) {
  return (
    <span className="flex flex-wrap items-baseline justify-between gap-x-3">
      <span className="text-muted-foreground">{label}</span>
      <span className="font-semibold tabular-nums" dir={latin ? 'ltr' : undefined}>
        {value}
      </span>
    </span>
  );
}

function QueuesTable({ frame }: { frame: ServerStatsFrame }) {
  if (frame.queues === null) {
    return <p className="text-sm text-muted-foreground">{text.noQueues}</p>;
  }
  if (frame.queues.length === 0) {
    return <p className="text-sm text-muted-foreground">{text.emptyQueues}</p>;
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className={t.table} aria-label={text.queuesTable(frame.instanceId)}>
        <thead className={t.head}>
          <tr>
            <th className={t.headCell}>{text.queue}</th>
            <th className={t.headCell}>{text.queued}</th>
            <th className={t.headCell}>{text.active}</th>
          </tr>
        </thead>
        <tbody className={t.body}>
          {frame.queues.map((queue) => (
            <tr key={queue.name}>
              <td className={t.cell}>
                <span dir="ltr">{queue.name}</span>
              </td>
              <td className={`${t.cell} tabular-nums`}>{formatNumber(queue.queued)}</td>
              <td className={`${t.cell} tabular-nums`}>{formatNumber(queue.active)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One server instance: who it is, how long it has run, and its latest figures with the last readings
 * as small charts. `stale` when its reports stopped (the instance stopped or lost its connection).
 */
export function InstanceStatsCard({ instance, stale }: { instance: InstanceStats; stale: boolean }) {
  const titleId = useId();
  const frame = instance.frames.at(-1);
  if (!frame) {
    return null;
  }
  const history = (pick: (frame: ServerStatsFrame) => number) => instance.frames.map(pick);
  return (
    <Card>
      <section aria-labelledby={titleId} className="flex flex-col gap-4 p-5">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <span
              aria-hidden="true"
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand [&_svg]:size-5"
            >
              <Server />
            </span>
            <div className="min-w-0">
              <h2 id={titleId} className="truncate font-bold text-foreground">
                {text.instance}{' '}
                <span dir="ltr" className="font-mono text-sm">
                  {frame.instanceId}
                </span>
              </h2>
              <p className="text-xs text-muted-foreground">
                {text.lastFrame(
                  formatTime(frame.at, { hour: 'numeric', minute: '2-digit', second: '2-digit' }),
                )}
              </p>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-1.5">
            {stale ? (
              <Badge tone="warning">
                <AlertTriangle aria-hidden="true" />
                {text.stale}
              </Badge>
            ) : null}
            {frame.roles.map((role) => (
              <Badge key={role} tone="neutral">
                <span dir="ltr">{role}</span>
              </Badge>
            ))}
          </div>
        </header>

        <dl className="grid gap-3 sm:grid-cols-2">
          <Figure title={text.uptime}>
            <span className="font-semibold">{formatUptime(frame.uptimeSeconds)}</span>
            <span className="text-xs text-muted-foreground">
              {text.startedAt(formatDateTime(frame.startedAt))}
            </span>
            <Pair label={text.version} value={frame.version} latin />
            <Pair label={text.node} value={frame.node} latin />
          </Figure>
          <Figure
            title={text.sockets}
            history={{ title: text.charts.sockets, values: history((f) => f.sockets.instance) }}
            format={formatNumber}
          >
            <Pair label={text.socketsHere} value={formatNumber(frame.sockets.instance)} />
            <Pair
              label={text.socketsAll}
              value={frame.sockets.all === null ? text.socketsAllUnknown : formatNumber(frame.sockets.all)}
            />
          </Figure>
          <Figure
            title={text.rss}
            history={{ title: text.charts.rss, values: history((f) => f.memory.rss) }}
            format={formatBytes}
          >
            <span className="font-semibold tabular-nums">{formatBytes(frame.memory.rss)}</span>
          </Figure>
          <Figure
            title={text.heap}
            history={{ title: text.charts.heap, values: history((f) => f.memory.heapUsed) }}
            format={formatBytes}
          >
            <span className="font-semibold tabular-nums">
              {text.heapOf(formatBytes(frame.memory.heapUsed), formatBytes(frame.memory.heapTotal))}
            </span>
          </Figure>
          <Figure
            title={text.eventLoop}
            history={{ title: text.charts.p99, values: history((f) => f.eventLoopDelay.p99) }}
            format={formatMilliseconds}
          >
            <Pair label={text.p50} value={formatMilliseconds(frame.eventLoopDelay.p50)} />
            <Pair label={text.p99} value={formatMilliseconds(frame.eventLoopDelay.p99)} />
            <Pair label={text.max} value={formatMilliseconds(frame.eventLoopDelay.max)} />
          </Figure>
          <Figure title={text.pool}>
            <Pair label={text.poolTotal} value={formatNumber(frame.pool.total)} />
            <Pair label={text.poolIdle} value={formatNumber(frame.pool.idle)} />
            <Pair label={text.poolWaiting} value={formatNumber(frame.pool.waiting)} />
            <Pair label={text.poolMax} value={formatNumber(frame.pool.max)} />
          </Figure>
        </dl>

        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-foreground">{text.queues}</h3>
          <QueuesTable frame={frame} />
        </div>
      </section>
    </Card>
  );
}
