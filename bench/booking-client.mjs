// The booking benchmark's load generator, in a worker thread so it does not share the server's event
// loop: sends every request of `workerData.requests` with `workerData.concurrency` in flight and posts
// back the codes, the latencies and the elapsed time.
import { parentPort, workerData } from 'node:worker_threads';

const { url, requests, concurrency } = workerData;
let next = 0;
const codes = {};
const latencies = [];

async function worker() {
  while (next < requests.length) {
    const request = requests[next++];
    const sent = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${request.token}`, 'content-type': 'application/json' },
      body: request.body,
    });
    const body = await res.json();
    const code = res.ok ? 'ok' : body.code;
    latencies.push(performance.now() - sent);
    codes[code] = (codes[code] ?? 0) + 1;
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
parentPort.postMessage({ codes, latencies, elapsedMs: performance.now() - started });
