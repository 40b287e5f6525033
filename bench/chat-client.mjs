// The chat fan-out benchmark's clients, in a child process so they share neither the server's event
// loop, its memory figures nor its file descriptors: connects both members of every room (the sender
// to `senderUrl`, the receiver to `receiverUrl`, two instances in the Redis mode), tells the parent
// it is connected and waits for its go (the parent reads the server's memory meanwhile); then each
// room's sender sends `rounds` messages, spread evenly over each `intervalMs`, and the receiver's
// socket times each delivery. Posts back the delivery latencies (all, and each round's), the failed
// acks and the messages never delivered.
import { once } from 'node:events';
import { PerformanceObserver } from 'node:perf_hooks';
import { connectWire } from './wire-socket.mjs';

const [{ senderUrl, receiverUrl, rooms, rounds, intervalMs, trace }] = await once(process, 'message');

/** With `trace`: this process's garbage collections (epoch ms, duration) and the slow deliveries. */
const gcs = [];
const slow = [];
const stalls = [];
if (trace) {
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - last > 20) {
      stalls.push([performance.timeOrigin + last, now - last]);
    }
    last = now;
  }, 5).unref();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcs.push([performance.timeOrigin + entry.startTime, entry.duration]);
    }
  }).observe({ entryTypes: ['gc'] });
}

/** A bare protocol client (`wire-socket.mjs`): socket.io-client's own cost would be measured too. */
const connect = (url, token) => connectWire(url, { token });

const connectStarted = performance.now();
const pairs = [];
// In batches, as real users arrive: not thousands of handshakes in the same millisecond.
for (let i = 0; i < rooms.length; i += 50) {
  pairs.push(
    ...(await Promise.all(
      rooms.slice(i, i + 50).map(async (room) => ({
        roomId: room.roomId,
        sender: await connect(senderUrl, room.senderToken),
        receiver: await connect(receiverUrl, room.receiverToken),
      })),
    )),
  );
}
const connectMs = performance.now() - connectStarted;
// Let presence announcements settle before the parent measures and the timing starts.
await new Promise((resolve) => setTimeout(resolve, 1000));
process.send({ connected: pairs.length * 2, connectMs });
await once(process, 'message');

/** Each sender's socket pings once over one interval: the same round trip without the database. */
async function pingBaseline() {
  const pings = [];
  const begun = performance.now();
  await Promise.all(
    pairs.map(
      (pair, index) =>
        new Promise((resolve) => {
          setTimeout(
            async () => {
              const sent = performance.now();
              await pair.sender.emitWithAck('ping', { sentAt: Date.now() }, 10_000).catch(() => null);
              pings.push(performance.now() - sent);
              resolve();
            },
            Math.max(0, (index / pairs.length) * intervalMs - (performance.now() - begun)),
          );
        }),
    ),
  );
  return pings;
}
const pingLatencies = await pingBaseline();

const sentAt = new Map();
const latencies = [];
/** Each round's deliveries, in ms: the benchmark's figure is per round. */
const roundLatencies = Array.from({ length: rounds }, () => []);
const ackLatencies = [];
const failedAcks = {};
for (const pair of pairs) {
  pair.receiver.on('chat:message', ({ message }) => {
    const started = sentAt.get(message.clientRef);
    if (started !== undefined) {
      const ms = performance.now() - started;
      latencies.push(ms);
      if (trace && ms >= 25) {
        slow.push([performance.timeOrigin + started, ms]);
      }
      roundLatencies[Number(message.clientRef.split('-').at(-1))].push(ms);
      sentAt.delete(message.clientRef);
    }
  });
}

/**
 * Sends every message when it is due, from one timer ticking each millisecond: the sends are made as
 * they fall due rather than 50,000 timers and promises made up front, which this process's collector
 * would carry through the whole run (its pauses land in the latencies measured here).
 */
function sendAll() {
  const total = rounds * pairs.length;
  let next = 0;
  let settled = 0;
  const started = performance.now();
  return new Promise((resolve) => {
    const settle = () => {
      settled++;
      if (settled === total) {
        resolve(started);
      }
    };
    const tick = () => {
      const elapsed = performance.now() - started;
      // Message k of round r is due at r·interval + (k / rooms)·interval.
      while (next < total && (next / pairs.length) * intervalMs <= elapsed) {
        const round = Math.floor(next / pairs.length);
        const pair = pairs[next % pairs.length];
        next++;
        const clientRef = `bench-${pair.roomId}-${round}`;
        const sent = performance.now();
        sentAt.set(clientRef, sent);
        pair.sender
          .emitWithAck('chat:send', { roomId: pair.roomId, text: `رسالة رقم ${round}`, clientRef }, 10_000)
          .then((ack) => {
            ackLatencies.push(performance.now() - sent);
            if (ack.code !== 'ok') {
              failedAcks[ack.code] = (failedAcks[ack.code] ?? 0) + 1;
            }
          })
          .catch(() => {
            failedAcks.timeout = (failedAcks.timeout ?? 0) + 1;
          })
          .finally(settle);
      }
      if (next < total) {
        setTimeout(tick, 1);
      }
    };
    tick();
  });
}
const started = await sendAll();
const elapsedMs = performance.now() - started;
// Deliveries still on their way get a moment.
await new Promise((resolve) => setTimeout(resolve, 1000));
for (const pair of pairs) {
  pair.sender.disconnect();
  pair.receiver.disconnect();
}
process.send(
  {
    latencies,
    pingLatencies,
    roundLatencies,
    ackLatencies,
    failedAcks,
    lost: sentAt.size,
    connectMs,
    elapsedMs,
    sockets: pairs.length * 2,
    gcs,
    slow,
    stalls,
  },
  () => process.exit(0),
);
