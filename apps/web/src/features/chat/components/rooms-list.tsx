import { useChatRooms } from '@hiwar/client';
import { Button, chatMessages, EmptyState, Input, messages, Skeleton, Spinner } from '@hiwar/ui';
import { CloudOff, MessagesSquare, Search } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { NotificationsPrompt } from './notifications-prompt.tsx';
import { RoomRow } from './room-row.tsx';

const text = chatMessages.rooms;

const ROOM_LINK = '[data-room-link]';

/**
 * Arrow keys (and Home, End) move the focus between the rooms' links, so the list is walked without
 * Tabbing through each row's menu button; Tab still reaches every control.
 */
function moveBetweenRooms(event: KeyboardEvent<HTMLUListElement>) {
  const links = [...event.currentTarget.querySelectorAll<HTMLElement>(ROOM_LINK)];
  const current = links.findIndex((link) => link.contains(document.activeElement));
  const last = links.length - 1;
  const target =
    event.key === 'ArrowDown'
      ? Math.min(last, current + 1)
      : event.key === 'ArrowUp'
        ? Math.max(0, current - 1)
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? last
            : null;
  if (target === null || current === -1) {
    return;
  }
  event.preventDefault();
  links[target]?.focus();
}

/**
 * The /chat rooms pane: search by name; pinned first, then the conversations by latest activity, then the
 * rooms nobody wrote in yet; more load at the end. Offers browser notifications until asked.
 */
export function RoomsList({
  activeRoomId,
  onOpen,
}: {
  activeRoomId: number | null;
  /** Called when a room is opened from the list (the page then moves the focus to its composer). */
  onOpen?: () => void;
}) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const rooms = useChatRooms(term);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <NotificationsPrompt />
      <div className="border-b border-border p-3">
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label={text.searchLabel}
            placeholder={text.searchPlaceholder}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="ps-9"
          />
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {rooms.isLoading ? (
          <div className="flex flex-col gap-2 p-1">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} className="h-14 w-full rounded-xl" />
            ))}
          </div>
        ) : rooms.isError ? (
          <EmptyState
            icon={<CloudOff />}
            title={text.loadFailed}
            description={messages.common.networkError}
            action={<Button onClick={() => void rooms.refetch()}>{messages.common.retry}</Button>}
          />
        ) : rooms.list.length === 0 ? (
          term ? (
            <p className="p-6 text-center text-sm text-muted-foreground">{text.noResults}</p>
          ) : (
            <EmptyState icon={<MessagesSquare />} title={text.empty} description={text.emptyText} />
          )
        ) : (
          <>
            <ul aria-label={text.label} className="flex flex-col gap-0.5" onKeyDown={moveBetweenRooms}>
              {rooms.list.map((room) => (
                <li key={room.id}>
                  <RoomRow room={room} active={room.id === activeRoomId} onOpen={onOpen} />
                </li>
              ))}
            </ul>
            {rooms.hasNextPage ? (
              <div className="flex justify-center p-2">
                {rooms.isFetchingNextPage ? (
                  <Spinner size="sm" />
                ) : (
                  <Button variant="ghost" size="sm" onClick={() => void rooms.fetchNextPage()}>
                    {text.loadMore}
                  </Button>
                )}
              </div>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
