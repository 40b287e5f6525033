import { z } from 'zod';
import type { Realtime } from './realtime.ts';

/** Events every connection may use, whatever the user's role. */
export function registerBaseEvents(realtime: Realtime): void {
  realtime.on('ping', z.object({ sentAt: z.number().int().nonnegative() }).strict(), (socket, payload) => ({
    code: 'ok',
    sentAt: payload.sentAt,
    serverTime: Date.now(),
    userId: socket.data.userId,
  }));
}
