import { useChatEvents } from '@hiwar/client';

/**
 * Keeps every chat screen live (rooms, unread badges, the open conversation, presence, "typing…") from
 * the realtime connection, and refetches chat after a reconnect. Mounted once, in the root layout.
 */
export function ChatEvents() {
  useChatEvents();
  return null;
}
