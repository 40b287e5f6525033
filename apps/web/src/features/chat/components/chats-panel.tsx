import { useChatSummary, useSession } from '@hiwar/client';
import { Card, chatMessages, Skeleton } from '@hiwar/ui';
import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { RoomRow } from './room-row.tsx';

const text = chatMessages.panel;
/** Rooms the panel shows. */
const PANEL_SIZE = 4;

/**
 * The dashboards' chats panel: the latest conversations, unread ones first, with their counts, and a link
 * to /chat.
 */
export function ChatsPanel() {
  const { user } = useSession();
  const summary = useChatSummary({ enabled: user !== null });
  // Rooms that have spoken, those with unread messages first (the list is newest first already).
  const rooms = (summary.data?.rooms ?? [])
    .filter((room) => room.lastMessage !== null)
    .sort((a, b) => Number(b.unread > 0) - Number(a.unread > 0))
    .slice(0, PANEL_SIZE);

  return (
    <section aria-labelledby="chats-panel" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="chats-panel" className="flex items-center gap-2 text-lg font-bold">
          <MessagesSquare aria-hidden="true" className="size-5" />
          {text.title}
        </h2>
        <Link to="/chat" className="text-sm text-brand hover:underline">
          {text.all}
        </Link>
      </div>
      <Card className="p-2">
        {summary.isLoading ? (
          <div className="flex flex-col gap-2 p-1">
            <Skeleton className="h-12 w-full rounded-xl" />
            <Skeleton className="h-12 w-full rounded-xl" />
          </div>
        ) : summary.isError ? (
          <p className="p-3 text-sm text-muted-foreground">{text.loadFailed}</p>
        ) : rooms.length === 0 ? (
          <p className="p-3 text-sm text-muted-foreground">{text.empty}</p>
        ) : (
          <ul aria-label={text.title} className="flex flex-col gap-0.5">
            {rooms.map((room) => (
              <li key={room.id}>
                <RoomRow room={room} withMenu={false} size="sm" />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
