// The directory benchmark's background writes, in a worker thread so they do not share the server's
// event loop: sends the bookings of `workerData.requests` at a steady `workerData.perSecond` (an open
// loop: a slow answer does not slow the stream) for `workerData.durationMs`, and posts back the codes,
// how many were sent, and the elapsed time.
import { parentPort, workerData } from 'node:worker_threads';

const { url, requests, perSecond, durationMs } = workerData;
const codes = {};
const inFlight = new Set();
let sent = 0;

async function book(request) {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${request.token}`, 'content-type': 'application/json' },
      body: request.body,
    });
    const body = await res.json();
    const code = res.ok ? 'ok' : body.code;
    codes[code] = (codes[code] ?? 0) + 1;
  } catch (error) {
    codes[error.code ?? 'network'] = (codes[error.code ?? 'network'] ?? 0) + 1;
  }
}

const started = performance.now();
await new Promise((resolve) => {
  const timer = setInterval(() => {
    const elapsed = performance.now() - started;
    const due = Math.min(requests.length, Math.floor((Math.min(elapsed, durationMs) / 1000) * perSecond));
    while (sent < due) {
      const pending = book(requests[sent++]);
      inFlight.add(pending);
      void pending.finally(() => inFlight.delete(pending));
    }
    if (elapsed >= durationMs || sent >= requests.length) {
      clearInterval(timer);
      resolve();
    }
  }, 5);
});
await Promise.all(inFlight);
parentPort.postMessage({ codes, sent, elapsedMs: performance.now() - started });
