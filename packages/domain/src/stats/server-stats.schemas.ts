import { z } from 'zod';

/** The subscribe and unsubscribe payload: nothing (or null), or an empty object. */
export const ServerStatsSubscriptionSchema = z.strictObject({}).nullish();

const isoDateTime = z.iso.datetime({ offset: true });
const bytes = z.number().int().nonnegative();
const count = z.number().int().nonnegative();
const ms = z.number().nonnegative();

/** One pg-boss queue: jobs waiting (created or retrying) and running. */
export const QueueDepthSchema = z.object({ name: z.string(), queued: count, active: count });

export const ServerStatsFrameSchema = z.object({
  /** This instance (host, process and a random part: two instances of one process differ too). */
  instanceId: z.string(),
  /** Its roles (`api`, `realtime`, `worker`). */
  roles: z.array(z.string()),
  version: z.string(),
  node: z.string(),
  at: isoDateTime,
  startedAt: isoDateTime,
  uptimeSeconds: z.number().nonnegative(),
  memory: z.object({ rss: bytes, heapUsed: bytes, heapTotal: bytes, external: bytes }),
  /** Event-loop delay since the previous frame (perf_hooks), milliseconds. */
  eventLoopDelay: z.object({ p50: ms, p99: ms, max: ms }),
  /** Connected sockets: on this instance, and on every instance (null without Redis: only this one). */
  sockets: z.object({ instance: count, all: /* @__PURE__ */ count.nullable() }),
  /** Queue depth per pg-boss queue (null: pg-boss has not created its schema in this database). */
  queues: z.array(QueueDepthSchema).nullable(),
  /** This instance's PostgreSQL pool: connections open, idle, requests waiting for one, the cap. */
  pool: z.object({ total: count, idle: count, waiting: count, max: count }),
  intervalMs: z.number().int().positive(),
});

export type QueueDepth = z.infer<typeof QueueDepthSchema>;
export type ServerStatsFrame = z.infer<typeof ServerStatsFrameSchema>;

/** `GET /api/v1/stats/server` takes no query: any parameter is `bad-request`. */
export const ServerStatsQuerySchema = z.strictObject({}, { error: 'bad-request' });
