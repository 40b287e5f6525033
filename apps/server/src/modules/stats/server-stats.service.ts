import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  SERVER_STATS_CHANNEL,
  SERVER_STATS_EVENT,
  SERVER_STATS_INTERVAL_MS,
  type ServerStatsFrame,
} from '@hiwar/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { findQueueDepths } from './stats.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live figures for SuperAdmins (`/server-stats`). */
    serverStats: ServerStats;
  }
}

/** Server-to-server events between instances through the Redis adapter. */
const WAKE_EVENT = 'server-stats:wake';
const COUNT_EVENT = 'server-stats:sockets';

export type ServerStats = {
  /** This instance's id in every frame. */
  readonly instanceId: string;
  /** This instance's figures now (the first paint; frames also restart the delay histogram). */
  collect(): Promise<ServerStatsFrame>;
  /**
   * Starts reporting on this instance every interval (and, through Redis, on the others, with a frame
   * at once), until the `ServerStats` channel is empty on every instance.
   */
  wake(): void;
  /** Whether this instance is reporting (someone watched at its last frame). */
  isReporting(): boolean;
};

type Options = {
  /** Instances share a Redis (the socket.io adapter): count every instance's sockets, wake them all. */
  scaledOut: boolean;
  intervalMs?: number;
};

type ReporterDeps = Options & {
  /** This instance's socket.io server (the realtime role), or null. */
  io: Server | null;
  db: Database;
  config: Pick<AppConfig, 'roles' | 'version'>;
  log: FastifyBaseLogger;
};

/**
 * Live server figures (issue 13, architecture §5 `ServerStats`): uptime, memory, event-loop delay,
 * sockets, pg-boss queue depth and the PostgreSQL pool, by instance. Nothing runs while nobody
 * watches: a SuperAdmin's subscription wakes the reporters of every instance, and each stops at the
 * first tick that finds the channel empty. Instances without the realtime role hold no channel and do
 * not report. The subscription events are `registerServerStatsEvents` (server-stats.realtime.ts).
 */
export function createServerStats(app: FastifyInstance, options: Options): ServerStats {
  const reporter = createServerStatsReporter({
    ...options,
    io: app.realtime?.io ?? null,
    db: app.db,
    config: app.config,
    log: app.log,
  });
  app.addHook('onClose', async () => reporter.close());
  return reporter;
}

/** The reporter itself, without the app's hooks (tests run one with a short interval). */
export function createServerStatsReporter(deps: ReporterDeps): ServerStats & { close(): void } {
  const options = deps;
  const intervalMs = options.intervalMs ?? SERVER_STATS_INTERVAL_MS;
  const instanceId = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const startedAt = Date.now();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const { io } = deps;
  const pool = deps.db.$client;

  const localSockets = () => io?.of('/').sockets.size ?? 0;

  /**
   * Every instance's sockets (this one's plus the others' answers, waited for up to the Redis adapter's
   * request timeout; an instance that did not answer is left out), or null when alone.
   */
  async function allSockets(local: number): Promise<number | null> {
    if (!io || !options.scaledOut) {
      return null;
    }
    const answers: unknown[] = await io
      .serverSideEmitWithAck(COUNT_EVENT)
      .catch((error: { responses?: unknown[] }) => error.responses ?? []);
    return answers.reduce<number>((sum, answer) => sum + (typeof answer === 'number' ? answer : 0), local);
  }

  const millis = (nanoseconds: number) =>
    Number.isFinite(nanoseconds) ? Math.round(nanoseconds / 1e4) / 100 : 0;

  async function collect(resetDelay = false): Promise<ServerStatsFrame> {
    const memory = process.memoryUsage();
    const sampled = delay.count > 0;
    const eventLoopDelay = {
      p50: sampled ? millis(delay.percentile(50)) : 0,
      p99: sampled ? millis(delay.percentile(99)) : 0,
      max: sampled ? millis(delay.max) : 0,
    };
    if (resetDelay) {
      delay.reset();
    }
    const instance = localSockets();
    const [all, queues] = await Promise.all([allSockets(instance), findQueueDepths(deps.db)]);
    const now = Date.now();
    return {
      instanceId,
      roles: [...deps.config.roles],
      version: deps.config.version,
      node: process.version,
      at: new Date(now).toISOString(),
      startedAt: new Date(startedAt).toISOString(),
      uptimeSeconds: Math.round((now - startedAt) / 1000),
      memory: {
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        heapTotal: memory.heapTotal,
        external: memory.external,
      },
      eventLoopDelay,
      sockets: { instance, all },
      queues,
      pool: {
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max ?? 10,
      },
      intervalMs,
    };
  }

  let timer: NodeJS.Timeout | null = null;
  let ticking = false;
  let closed = false;

  const stop = () => {
    if (timer) {
      clearInterval(timer);
      timer = null;
    }
  };

  /** One frame to the channel, or stop when nobody (on any instance) is in it. */
  async function tick(): Promise<void> {
    if (!io || ticking || closed) {
      return;
    }
    ticking = true;
    try {
      const watchers = await io.in(SERVER_STATS_CHANNEL).fetchSockets();
      if (watchers.length === 0) {
        stop();
        return;
      }
      io.to(SERVER_STATS_CHANNEL).emit(SERVER_STATS_EVENT, await collect(true));
    } catch (error) {
      deps.log.warn({ err: error }, 'server stats frame failed');
    } finally {
      ticking = false;
    }
  }

  /** Reports every interval from now on; `now`: a frame at once too. */
  function start(now: boolean): void {
    if (closed || !io) {
      return;
    }
    if (!timer) {
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
    }
    if (now) {
      void tick();
    }
  }

  if (io && options.scaledOut) {
    // Another instance's SuperAdmin subscribed: report too. Another instance asks for our socket count.
    io.on(WAKE_EVENT, () => start(true));
    io.on(COUNT_EVENT, (ack: (count: number) => void) => ack(localSockets()));
  }

  return {
    instanceId,
    collect: () => collect(false),
    wake() {
      start(false);
      if (io && options.scaledOut) {
        io.serverSideEmit(WAKE_EVENT);
      }
    },
    isReporting: () => timer !== null,
    close() {
      closed = true;
      stop();
      delay.disable();
    },
  };
}
