/**
 * The chat benchmark's second instance in the `redis` mode, in a process of its own as a second
 * instance behind a load balancer runs (forked by `chat-fanout.ts`): started on the first instance's
 * database and the shared Redis, it posts `{ base }` once ready, answers `memory` with its heap and
 * RSS after a full collection, and closes on `close`.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadConfig } from '../apps/server/src/config.ts';
import { freePort } from '../apps/server/src/db/embedded.ts';
import { startHiwar } from '../apps/server/src/server.ts';

type Start = { databaseUrl: string; redisUrl: string; jwtSecret: string };

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const [{ databaseUrl, redisUrl, jwtSecret }] = (await once(process, 'message')) as [Start];
const port = await freePort();
const hiwar = await startHiwar(
  loadConfig({
    APP_SERVER: 'local',
    PORT: String(port),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `hiwar-bench-${randomBytes(4).toString('hex')}-`)),
    LOG_LEVEL: 'silent',
    SERVE_STATIC: 'false',
    SEED_DEMO: 'false',
    REDIS_URL: redisUrl,
    JWT_SECRET: jwtSecret,
    DATABASE_URL: databaseUrl,
  }),
  { embeddedPersistent: false },
);
process.send!({ base: `http://127.0.0.1:${port}` });

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
