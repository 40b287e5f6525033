import type pg from 'pg';

/** A query as a connection sent it: its name (a prepared statement's) or its text, and what it waited on. */
export type RecordedQuery = {
  statement: string;
  /** Earlier queries of its connection still unanswered when it was sent: 0 starts a round trip. */
  unanswered: number;
};

type Callback = (...args: unknown[]) => unknown;

/** What one checkout of a connection sent. */
export type Checkout = {
  queries: RecordedQuery[];
  /** System calls writing to the connection's socket (a corked batch of messages is one). */
  writes: number;
};

/**
 * Records the queries of every connection checked out of `pool` from now until `stop()`, one entry per
 * checkout, in order. With the pool pipelining, a query sent while others are unanswered rides their
 * round trip; the number of queries sent with none unanswered is the checkout's round trips.
 */
export function recordQueries(pool: pg.Pool) {
  const checkouts: Checkout[] = [];
  const wrapped = new Map<pg.PoolClient, { log: Checkout; restore: () => void }>();

  function wrap(client: pg.PoolClient) {
    const query = client.query;
    let pending = 0;
    const state = { log: { queries: [], writes: 0 } as Checkout, restore: () => {} };
    // The socket's own write methods (Writable's implementer API): one call per system call.
    const stream = (client as unknown as pg.Client).connection.stream as unknown as Record<
      '_write' | '_writev',
      (...args: unknown[]) => unknown
    >;
    const write = stream._write;
    const writev = stream._writev;
    stream._write = (...args) => {
      state.log.writes++;
      return write.apply(stream, args);
    };
    stream._writev = (...args) => {
      state.log.writes++;
      return writev.apply(stream, args);
    };
    client.query = ((...args: unknown[]) => {
      const config = args[0] as string | { name?: string; text?: string };
      const statement =
        typeof config === 'string' ? config : (config.name ?? config.text ?? '').replace(/\s+/g, ' ').trim();
      state.log.queries.push({ statement, unanswered: pending });
      pending++;
      const last = args.at(-1);
      if (typeof last === 'function') {
        // pg-pool's `pool.query` passes a callback.
        args[args.length - 1] = (...results: unknown[]) => {
          pending--;
          return (last as Callback)(...results);
        };
        return (query as unknown as Callback).apply(client, args);
      }
      return ((query as unknown as Callback).apply(client, args) as Promise<unknown>).finally(() => {
        pending--;
      });
    }) as typeof query;
    state.restore = () => {
      client.query = query;
      stream._write = write;
      stream._writev = writev;
    };
    return state;
  }

  const onAcquire = (client: pg.PoolClient) => {
    let state = wrapped.get(client);
    if (!state) {
      state = wrap(client);
      wrapped.set(client, state);
    }
    state.log = { queries: [], writes: 0 };
    checkouts.push(state.log);
  };
  pool.on('acquire', onAcquire);
  return {
    checkouts,
    stop() {
      pool.off('acquire', onAcquire);
      for (const { restore } of wrapped.values()) {
        restore();
      }
    },
  };
}
