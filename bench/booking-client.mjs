// The booking benchmark's load generator, in a worker thread so it does not share the server's event
// loop: sends every request of `workerData.requests` with `workerData.concurrency` in flight and posts
// back the codes, the latencies and the elapsed time.
//
// Over plain kept-alive sockets, one per request in flight, each request written as prepared bytes
// and each answer read by its status line and Content-Length: what a load generator such as wrk does.
// On two cores the generator's CPU is taken from the server and PostgreSQL being measured, and
// `fetch` cost it about as much a request as the booking cost the server's thread.
import { connect } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { url, requests, concurrency } = workerData;
const target = new URL(url);
const codes = {};
const latencies = [];
let next = 0;

function count(code) {
  codes[code] = (codes[code] ?? 0) + 1;
}

function requestBytes({ token, body }) {
  const payload = Buffer.from(body);
  const head =
    `POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${payload.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), payload]);
}

/** The answer at the start of `buffer` once it is whole: its status and body, and where it ends; else null. */
function readAnswer(buffer) {
  const headEnd = buffer.indexOf('\r\n\r\n');
  if (headEnd < 0) {
    return null;
  }
  const head = buffer.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (!length) {
    throw new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`);
  }
  const end = headEnd + 4 + Number(length[1]);
  return buffer.length < end ? null : { status, body: buffer.subarray(headEnd + 4, end), end };
}

/** One connection sending requests one after another until none is left. */
function connection() {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: target.hostname, port: Number(target.port) });
    socket.setNoDelay(true);
    let pending = Buffer.alloc(0);
    let sent = 0;
    const sendNext = () => {
      if (next >= prepared.length) {
        socket.end();
        resolve();
        return;
      }
      const request = prepared[next++];
      sent = performance.now();
      socket.write(request);
    };
    socket.on('connect', sendNext);
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      const answer = readAnswer(pending);
      if (!answer) {
        return;
      }
      pending = pending.subarray(answer.end);
      latencies.push(performance.now() - sent);
      if (answer.status >= 200 && answer.status < 300) {
        count('ok');
      } else {
        try {
          count(JSON.parse(answer.body.toString()).code ?? String(answer.status));
        } catch {
          count(String(answer.status));
        }
      }
      sendNext();
    });
  });
}

// Every request's bytes before the clock starts.
const prepared = requests.map(requestBytes);
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, connection));
parentPort.postMessage({ codes, latencies, elapsedMs: performance.now() - started });
