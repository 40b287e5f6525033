/** What `/dev/clock` answers: the server's time and how far it is moved from real time. */
export type ServerClock = { now: string; offsetMs: number };

async function setOffset(webUrl: string, offsetMs: number): Promise<ServerClock> {
  const res = await fetch(`${webUrl}/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offsetMs }),
  });
  if (!res.ok) {
    throw new Error(`POST /dev/clock answered ${res.status}: ${await res.text()}`);
  }
  return (await res.json()) as ServerClock;
}

/**
 * Moves the server's clock (`app.clock`: lesson status, join windows, booking rules, reminders) to
 * real time + `offsetMs`. The e2e server runs with DEV_CLOCK=1 (global-setup). Files share that one
 * server: a test that moves the clock puts it back with `resetServerClock` in `afterAll`/`finally`.
 * The browser's own time is separate (Playwright's `page.clock`).
 */
export function moveServerClock(webUrl: string, offsetMs: number): Promise<ServerClock> {
  return setOffset(webUrl, Math.round(offsetMs));
}

/** Puts the server's clock back on real time. */
export function resetServerClock(webUrl: string): Promise<ServerClock> {
  return setOffset(webUrl, 0);
}

/** The server's time now, as its clock reads it. */
export async function readServerClock(webUrl: string): Promise<ServerClock> {
  const res = await fetch(`${webUrl}/dev/clock`);
  if (!res.ok) {
    throw new Error(`GET /dev/clock answered ${res.status}: ${await res.text()}`);
  }
  return (await res.json()) as ServerClock;
}
