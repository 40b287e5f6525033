import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { Role, CHAT_SERVER_EVENTS as S } from '@hiwar/domain';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { REPO_ROOT } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { ensurePairRoom } from '../modules/chat/rooms.repository.ts';
import { TEST_JWT_SECRET, testConfig } from '../testing/app.ts';
import { createTestDatabase } from '../testing/database.ts';
import { createUser } from '../testing/factories.ts';
import { listenForSockets, record } from '../testing/sockets.ts';
import { presenceKey } from './presence.ts';

const redisUrl = inject('redisUrl');
/** Long enough for a dead instance's registration to expire and a survivor's heartbeat to notice. */
const HEAL_WAIT = { timeout: 30_000, interval: 200 };

/**
 * Presence that heals (issue 17): an instance in this process and others started as real server
 * processes (`main.ts`) on the same database and Redis, killed with SIGKILL as a crash would (no
 * disconnects, no cleanup); the survivor announces the dead one's users offline and its API agrees.
 */
describe.skipIf(!redisUrl)('presence across instances that die (TEST_REDIS_URL)', () => {
  // Set up in beforeAll, not in the body: a skipped suite's body still runs while tests are collected.
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let namespace: string;
  let handle: ReturnType<typeof connectDatabase>;
  let client: Redis;
  let redis: { client: Redis; pub: Redis; sub: Redis };
  let survivor: App;
  let sockets: Awaited<ReturnType<typeof listenForSockets>>;
  let doomedFirst: { url: string; process: ChildProcess };
  let doomedSecond: { url: string; process: ChildProcess };
  const children: ChildProcess[] = [];
  const clients: Socket[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    namespace = new URL(database.url).pathname.slice(1);
    handle = connectDatabase(database.url, { max: 5 });
    client = new Redis(redisUrl);
    redis = { client, pub: client.duplicate(), sub: client.duplicate() };
    survivor = await buildApp(testConfig({ redisUrl, roles: ['api', 'realtime'] }), {
      db: handle.db,
      redis,
    });
    sockets = await listenForSockets(survivor);
    // Both started at once: booting is most of this file's time.
    [doomedFirst, doomedSecond] = await Promise.all([startInstance(), startInstance()]);
  }, 180_000);
  afterAll(async () => {
    for (const child of children) {
      child.kill('SIGKILL');
    }
    for (const socket of clients) {
      socket.disconnect();
    }
    await survivor?.close();
    await handle?.close();
    if (redis) {
      await Promise.all([redis.client.quit(), redis.pub.quit(), redis.sub.quit()]);
    }
    await database?.drop();
  });

  /** The server as deployed, in its own process on the same database and Redis; resolves its URL. */
  function startInstance(): Promise<{ url: string; process: ChildProcess }> {
    // Node itself with tsx's loader (the tsx command would run the server in a grandchild SIGKILL misses).
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          APP_SERVER: 'local',
          DATABASE_URL: database.url,
          REDIS_URL: redisUrl,
          JWT_SECRET: TEST_JWT_SECRET,
          ROLES: 'api,realtime',
          HOST: '127.0.0.1',
          PORT: '0',
          SERVE_STATIC: 'false',
          SEED_DEMO: 'false',
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(child);
    let output = '';
    return new Promise((resolve, reject) => {
      child.stdout?.on('data', (chunk) => {
        output += String(chunk);
        const url = /Web \(students and tutors\): (http:\/\/\S+)/.exec(output)?.[1];
        if (url) {
          resolve({ url, process: child });
        }
      });
      child.stderr?.on('data', (chunk) => {
        output += String(chunk);
      });
      child.once('exit', (code) => reject(new Error(`the instance exited (${code}):\n${output}`)));
    });
  }

  /** A client on `url` that does not reconnect by itself (the test decides where it goes next). */
  async function connectTo(url: string, userId: number): Promise<Socket> {
    const socket = io(url, {
      transports: ['websocket'],
      reconnection: false,
      auth: { token: await survivor.tokens.sign(userId) },
    });
    clients.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  async function pair() {
    const student = await createUser(survivor.db);
    const tutor = await createUser(survivor.db, { role: Role.Tutor });
    const { id: roomId } = await ensurePairRoom(survivor.db, student.id, tutor.id);
    const onlineSeenBySurvivor = async () => {
      const res = await survivor.inject({
        method: 'GET',
        url: `/api/v1/chat/room/members/${roomId}`,
        headers: { authorization: `Bearer ${await survivor.sessions.issue(tutor)}` },
      });
      return (res.json().list as { id: number; online: boolean }[]).find((m) => m.id === student.id)?.online;
    };
    return { student, tutor, onlineSeenBySurvivor };
  }
  const liveInstances = () => client.zcard(`${presenceKey(namespace)}:instances`);

  it('announces the users of a killed instance offline, and online again when they come back elsewhere', {
    timeout: 90_000,
  }, async () => {
    const doomed = doomedFirst;
    const { student, tutor, onlineSeenBySurvivor } = await pair();
    const watcher = await sockets.connectAs(tutor.id);
    const presence = record(watcher, S.presence);
    const live = await liveInstances();

    const onDoomed = await connectTo(doomed.url, student.id);
    await expect.poll(() => presence).toEqual([{ userId: student.id, online: true }]);
    expect(await onlineSeenBySurvivor()).toBe(true);

    doomed.process.kill('SIGKILL');
    await expect.poll(() => onDoomed.connected).toBe(false);
    await expect
      .poll(() => presence, HEAL_WAIT)
      .toEqual([
        { userId: student.id, online: true },
        { userId: student.id, online: false },
      ]);
    expect(await onlineSeenBySurvivor()).toBe(false);
    expect(await liveInstances()).toBe(live - 1);

    await connectTo(sockets.url, student.id);
    await expect.poll(() => presence.at(-1)).toEqual({ userId: student.id, online: true });
    expect(presence).toHaveLength(3);
    expect(await onlineSeenBySurvivor()).toBe(true);
  });

  it('keeps a user online, saying nothing, when they were also connected to a survivor', {
    timeout: 90_000,
  }, async () => {
    const doomed = doomedSecond;
    const { student, tutor, onlineSeenBySurvivor } = await pair();
    const watcher = await sockets.connectAs(tutor.id);
    const presence = record(watcher, S.presence);
    await connectTo(doomed.url, student.id);
    await expect.poll(() => presence).toEqual([{ userId: student.id, online: true }]);
    await sockets.connectAs(student.id);
    const live = await liveInstances();

    doomed.process.kill('SIGKILL');
    await expect.poll(liveInstances, HEAL_WAIT).toBe(live - 1);
    expect(presence).toEqual([{ userId: student.id, online: true }]);
    expect(await onlineSeenBySurvivor()).toBe(true);
  });

  it('registers again, announcing its users, when Redis forgot this instance while it lived', async () => {
    const { student, tutor, onlineSeenBySurvivor } = await pair();
    const watcher = await sockets.connectAs(tutor.id);
    const presence = record(watcher, S.presence);
    await sockets.connectAs(student.id);
    await expect.poll(() => presence).toEqual([{ userId: student.id, online: true }]);

    // As after a Redis restart (it keeps nothing on disk) or a freeze longer than the expiry.
    const keys = await client.keys(`${presenceKey(namespace)}:*`);
    await client.del(...keys);
    expect(await onlineSeenBySurvivor()).toBe(false);
    await expect.poll(onlineSeenBySurvivor, HEAL_WAIT).toBe(true);
    await expect
      .poll(() => presence)
      .toEqual([
        { userId: student.id, online: true },
        { userId: student.id, online: true },
      ]);
  });
});
