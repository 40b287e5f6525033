/**
 * The chat benchmark's second instance in the `redis` mode, in a process of its own as a second
 * instance behind a load balancer runs (forked by `chat-fanout.ts`): started on the first instance's
 * database and the shared Redis, it posts `{ base }` once ready, answers `memory` with its heap and
 * RSS after a full collection, and closes on `close`.
 */
import { once } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startProduct } from './harness.ts';

type Start = { databaseUrl: string; redisUrl: string; jwtSecret: string };

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const [{ databaseUrl, redisUrl, jwtSecret }] = (await once(process, 'message')) as [Start];
const { hiwar, base } = await startProduct({
  env: { REDIS_URL: redisUrl, JWT_SECRET: jwtSecret, DATABASE_URL: databaseUrl },
});
process.send!({ base });

process.on('message', async (message: { memory?: true; close?: true }) => {
  if (message.memory) {
    collectGarbage();
    const { rss, heapUsed } = process.memoryUsage();
    process.send!({ rss, heapUsed });
  }
  if (message.close) {
    await hiwar.close();
    process.send!({ closed: true }, () => process.exit(0));
  }
});
