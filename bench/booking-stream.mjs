// The directory benchmark's background writes, in a worker thread so they do not share the server's
// event loop: sends the bookings of `workerData.requests` at a steady `workerData.perSecond` (an open
// loop: a slow answer does not slow the stream) for `workerData.durationMs`, and posts back the codes,
// how many were sent, and the elapsed time. Over `node:http` with kept-alive connections: `fetch`
// costs this load generator several times more CPU a request, which on two cores is taken from the
// server and the list load being measured.
import { Agent, request as httpRequest } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, requests, perSecond, durationMs } = workerData;
const target = new URL(url);
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const codes = {};
const inFlight = new Set();
let sent = 0;

function count(code) {
  codes[code] = (codes[code] ?? 0) + 1;
}

function book(booking) {
  return new Promise((resolve) => {
    const body = Buffer.from(booking.body);
    const req = httpRequest(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${booking.token}`,
          'content-type': 'application/json',
          'content-length': body.length,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          if (res.statusCode >= 200 && res.statusCode < 300) {
            count('ok');
          } else {
            try {
              count(JSON.parse(Buffer.concat(chunks).toString()).code ?? String(res.statusCode));
            } catch {
              count(String(res.statusCode));
            }
          }
          resolve();
        });
        res.on('error', () => {
          count('network');
          resolve();
        });
      },
    );
    req.on('error', (error) => {
      count(error.code ?? 'network');
      resolve();
    });
    req.end(body);
  });
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
agent.destroy();
parentPort.postMessage({ codes, sent, elapsedMs: performance.now() - started });
