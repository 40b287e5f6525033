// The socket ping benchmark's clients, in a worker thread so they do not share the server's event
// loop: connects one socket per token, then in each of `rounds` rounds every socket sends one
// acknowledged `ping` at the same moment. Posts back every round-trip time in milliseconds.
import { parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';

const { url, tokens, rounds } = workerData;

const sockets = await Promise.all(
  tokens.map(
    (token) =>
      new Promise((resolve, reject) => {
        const socket = io(url, { transports: ['websocket'], reconnection: false, auth: { token } });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      }),
  ),
);
// Let the connections' own work (presence, room joins) settle before timing.
await new Promise((resolve) => setTimeout(resolve, 500));

const latencies = [];
for (let round = 0; round < rounds; round++) {
  await Promise.all(
    sockets.map(async (socket) => {
      const started = performance.now();
      await socket.emitWithAck('ping', { sentAt: Date.now() });
      latencies.push(performance.now() - started);
    }),
  );
}
for (const socket of sockets) {
  socket.disconnect();
}
parentPort.postMessage(latencies);
