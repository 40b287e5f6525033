import { sessionMessages } from '@hiwar/ui';
import { ChatConversation } from '../../chat/index.ts';

const text = sessionMessages.chat;

/**
 * The pair's chat beside the video (architecture §6 "chat panel"): the chat feature's conversation for
 * the members' room. A session without a room (a lesson written without one) says so.
 */
export function SessionChatPanel({ roomId }: { roomId: number | null }) {
  return (
    <aside
      aria-label={text.title}
      className="flex h-[60vh] min-h-0 flex-col overflow-hidden rounded-2xl border border-border bg-surface sm:h-[calc(100dvh-16rem)]"
    >
      {roomId === null ? (
        <p className="p-4 text-sm text-muted-foreground">{text.unavailable}</p>
      ) : (
        <ChatConversation roomId={roomId} />
      )}
    </aside>
  );
}
