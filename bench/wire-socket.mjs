// A socket.io client for load generators, speaking the protocol's text frames over a bare WebSocket
// (`ws`): engine.io v4's open, ping and message packets, and socket.io v5's connect, event and ack
// packets on the main namespace. socket.io-client keeps a manager, an engine, a transport, timers and
// emitters per socket; ten thousand of them cost the load generator as much CPU as the server it
// measures, and their collections land in the latencies it reports. This keeps one WebSocket, one
// map of pending acks and one map of handlers per socket. Text only: the benchmarks send no binary.
import WebSocket from 'ws';

/** engine.io packet types (the first character of each frame). */
const OPEN = '0';
const CLOSE = '1';
const PING = '2';
const PONG = '3';
const MESSAGE = '4';
/** socket.io packet types (the character after engine.io's `4`). */
const CONNECT = '0';
const EVENT = '2';
const ACK = '3';
const CONNECT_ERROR = '4';

/**
 * Connects to the socket.io server at `url` (http or https, its `/socket.io/` path) with `auth`, as
 * `io(url, { transports: ['websocket'], auth })` would; resolves once the main namespace accepted it.
 */
export function connectWire(url, auth) {
  const address = new URL('/socket.io/?EIO=4&transport=websocket', url);
  address.protocol = address.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(address, { perMessageDeflate: false });
  const handlers = new Map();
  const pending = new Map();
  let nextAck = 0;

  const socket = {
    /** Calls `handler(payload)` for each `event` the server emits. */
    on(event, handler) {
      handlers.set(event, handler);
    },
    /** Emits `event` with one payload; resolves with the server's acknowledgement, rejects after `timeoutMs`. */
    emitWithAck(event, payload, timeoutMs) {
      const id = nextAck++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`no ack for ${event} in ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, { resolve, timer });
        ws.send(`${MESSAGE}${EVENT}${id}${JSON.stringify([event, payload])}`);
      });
    },
    disconnect() {
      ws.close();
    },
  };

  return new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('close', () => reject(new Error('closed before connecting')));
    ws.on('message', (data) => {
      const frame = data.toString();
      const kind = frame[0];
      if (kind === PING) {
        ws.send(PONG);
      } else if (kind === OPEN) {
        ws.send(`${MESSAGE}${CONNECT}${JSON.stringify(auth)}`);
      } else if (kind === MESSAGE) {
        receive(frame);
      } else if (kind === CLOSE) {
        ws.close();
      }
    });

    function receive(frame) {
      const type = frame[1];
      if (type === EVENT) {
        const [event, payload] = JSON.parse(frame.slice(2));
        handlers.get(event)?.(payload);
      } else if (type === ACK) {
        const bracket = frame.indexOf('[');
        const id = Number(frame.slice(2, bracket));
        const waiting = pending.get(id);
        if (waiting) {
          pending.delete(id);
          clearTimeout(waiting.timer);
          waiting.resolve(JSON.parse(frame.slice(bracket))[0]);
        }
      } else if (type === CONNECT) {
        resolve(socket);
      } else if (type === CONNECT_ERROR) {
        reject(new Error(`connect refused: ${frame.slice(2)}`));
        ws.close();
      }
    }
  });
}
