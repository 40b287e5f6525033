import { z } from 'zod';
import type { Realtime } from './realtime.ts';

/**
 * Events every connection may use, whatever the user's role. `ping` answers the app's time
 * (`app.clock`), so a client measuring its clock against the server's follows a moved dev clock.
 */
export function registerBaseEvents(realtime: Realtime, clock: () => Date): void {
  realtime.on('ping', z.object({ sentAt: z.number().int().nonnegative() }).strict(), (socket, payload) => ({
    code: 'ok',
    sentAt: payload.sentAt,
    serverTime: clock().getTime(),
    userId: socket.data.userId,
  }));
}
