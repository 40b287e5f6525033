/**
 * The chat fan-out benchmark (`npm run bench:chat -w @hiwar/bench`), on the real product over loopback:
 * 1,000 connected sockets (500 student–tutor pairs, each in its room) on one instance; in each of
 * `ROUNDS` rounds every room's student sends one message over `chat:send` (spread evenly over the
 * round), and the tutor's socket times its `chat:message`. Target: p99 delivery < 100 ms, no message
 * lost, every send acknowledged `ok`. The clients run in a worker thread, apart from the server's loop.
 * Prints one line per figure with PASS or FAIL; exits 1 when any misses.
 */
import { Role } from '@hiwar/domain';
import { roomMembers, rooms, users } from '../apps/server/src/db/schema.ts';
import { quantile, type Result, runBenchmarks, runWorker, startProduct } from './harness.ts';

const results: Result[] = [];

const ROOMS = Number(process.env.CHAT_BENCH_ROOMS ?? 500);
const ROUNDS = 10;
/** Each room sends once per round: 100 messages a second overall at 5,000 ms. */
const INTERVAL_MS = Number(process.env.CHAT_BENCH_INTERVAL_MS ?? 5_000);

const { hiwar, base } = await startProduct();
const { db } = hiwar.app;

/** 500 students and 500 tutors (verified e-mails), each pair in its room. */
async function seedRooms() {
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: ROOMS * 2 }, (_, i) => ({
        email: `bench.chat.${i}@hiwar.test`,
        role: i % 2 === 0 ? Role.Student : Role.Tutor,
        name: `مستخدم رقم ${i}`,
        verifiedEmail: true,
      })),
    )
    .returning({ id: users.id });
  const pairs = Array.from({ length: ROOMS }, (_, i) => [people[2 * i]!.id, people[2 * i + 1]!.id] as const);
  const created = await db
    .insert(rooms)
    .values(pairs.map(([a, b]) => ({ memberLow: Math.min(a, b), memberHigh: Math.max(a, b) })))
    .returning({ id: rooms.id, memberLow: rooms.memberLow, memberHigh: rooms.memberHigh });
  await db.insert(roomMembers).values(
    created.flatMap((room) => [
      { roomId: room.id, userId: room.memberLow },
      { roomId: room.id, userId: room.memberHigh },
    ]),
  );
  return Promise.all(
    created.map(async (room) => ({
      roomId: room.id,
      senderToken: await hiwar.app.tokens.sign(room.memberLow),
      receiverToken: await hiwar.app.tokens.sign(room.memberHigh),
    })),
  );
}

async function chatFanout() {
  const roomTokens = await seedRooms();
  const run = await runWorker<{
    latencies: number[];
    roundWorst: number[];
    pingLatencies: number[];
    ackLatencies: number[];
    failedAcks: Record<string, number>;
    lost: number;
    connectMs: number;
    elapsedMs: number;
    sockets: number;
  }>(new URL('./chat-client.mjs', import.meta.url), {
    url: base,
    rooms: roomTokens,
    rounds: ROUNDS,
    intervalMs: INTERVAL_MS,
  });
  const { latencies, ackLatencies, pingLatencies } = run;
  for (const list of [latencies, ackLatencies, pingLatencies]) {
    list.sort((a, b) => a - b);
  }
  const p99 = (list: number[]) => quantile(list, 0.99).toFixed(1);
  const at = (q: number) => quantile(latencies, q);
  const sent = ROOMS * ROUNDS;
  const failed = Object.values(run.failedAcks).reduce((sum, n) => sum + n, 0);
  results.push({
    name: `chat fan-out: ${run.sockets} sockets in ${ROOMS} rooms, ${sent} messages at ${Math.round(sent / (run.elapsedMs / 1000))} msg/s`,
    figure:
      `delivery p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${at(1).toFixed(1)} ms; ` +
      `(acks p99 ${p99(ackLatencies)} ms; baseline ping ack without the database p99 ${p99(pingLatencies)} ms); ` +
      `${latencies.length} delivered, ${run.lost} lost, failed acks ${JSON.stringify(run.failedAcks)}; ` +
      `connected in ${(run.connectMs / 1000).toFixed(1)} s; slowest per round ` +
      `${run.roundWorst.map((ms) => Math.round(ms)).join('/')} ms`,
    target: 'p99 < 100 ms, none lost, every ack ok',
    pass: at(0.99) < 100 && run.lost === 0 && failed === 0 && latencies.length === sent,
  });
}

await runBenchmarks(results, chatFanout, () => hiwar.close());
