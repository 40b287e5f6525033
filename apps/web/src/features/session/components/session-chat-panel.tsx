import { messages } from '@hiwar/ui';

const text = messages.session.chat;

/**
 * The pair's chat beside the video (architecture §6 "chat panel").
 * SLOT: the chat feature (`apps/web/src/features/chat`, `ChatConversation`) is being built in
 * parallel; until it lands this panel says chat is unavailable here. Wire it as
 * `<ChatConversation roomId={roomId} />`.
 */
export function SessionChatPanel({ roomId }: { roomId: number | null }) {
  return (
    <aside
      aria-label={text.title}
      className="flex h-full flex-col gap-2 rounded-2xl border border-border bg-surface p-4"
    >
      <h2 className="font-bold">{text.title}</h2>
      <p className="text-sm text-muted-foreground" data-room-id={roomId ?? undefined}>
        {text.unavailable}
      </p>
    </aside>
  );
}
