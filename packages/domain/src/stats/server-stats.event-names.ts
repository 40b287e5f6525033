/**
 * The server stats channel's names: plain values without zod, so that a screen that only listens for these
 * events loads no schema (issue 26). The payloads' schemas are beside the others.
 */

/**
 * Live server figures for SuperAdmins (issue 13 "Back office", architecture §5): each instance reports
 * itself, with its id, so several instances show side by side.
 *
 * - Client → server `server-stats:subscribe` (no payload, or `{}`), acknowledged `{ code: 'ok',
 *   intervalMs }` to a SuperAdmin and `{ code: 'unallowed' }` to anyone else: the socket joins the
 *   `ServerStats` channel. `server-stats:unsubscribe` leaves it (so does disconnecting).
 * - Server → client `ServerStats` on that channel: one `ServerStatsFrame` per instance every
 *   `intervalMs`, sent only while at least one socket is in the channel.
 * - `GET /api/v1/stats/server`: the answering instance's frame, for the first paint.
 */
export const SERVER_STATS_CHANNEL = 'ServerStats';
export const SERVER_STATS_EVENT = 'ServerStats';
export const SERVER_STATS_SUBSCRIBE_EVENT = 'server-stats:subscribe';
export const SERVER_STATS_UNSUBSCRIBE_EVENT = 'server-stats:unsubscribe';

/** How often each instance reports while someone watches. */
export const SERVER_STATS_INTERVAL_MS = 5000;
