import { chatMessages, cn, EmptyState, PageContainer } from '@hiwar/ui';
import { MessagesSquare } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChatConversation, RoomsList } from '../../features/chat/index.ts';

const text = chatMessages.page;

/** `?room=<id>` as a room id, or `null`. */
function roomFrom(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * `/chat` (any signed-in user): the rooms list beside the open conversation on wide screens; one pane at a
 * time on small ones. The open room is `?room=<id>`, so it survives a reload and can be linked to.
 *
 * Keyboard: a room opened from the list puts the focus in its composer (type, Enter sends); leaving it
 * with "back" (one pane at a time) puts the focus back on that room in the list.
 */
export function ChatPage() {
  const [params, setParams] = useSearchParams();
  const roomId = roomFrom(params.get('room'));
  const [openedFromList, setOpenedFromList] = useState(false);
  const shownRoom = useRef(roomId);

  useEffect(() => {
    const previous = shownRoom.current;
    shownRoom.current = roomId;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (roomId === null && previous !== null && lost) {
      document.querySelector<HTMLElement>(`[data-room-link="${previous}"]`)?.focus();
    }
  }, [roomId]);

  return (
    <PageContainer className="flex flex-1 flex-col py-3 sm:py-6">
      <h1 className="sr-only">{text.title}</h1>
      <div className="grid h-[calc(100dvh-6rem)] min-h-[28rem] overflow-hidden rounded-2xl border border-border bg-surface shadow-card sm:h-[calc(100dvh-8rem)] grid-cols-[minmax(0,1fr)] lg:grid-cols-[minmax(18rem,22rem)_minmax(0,1fr)]">
        <aside
          aria-label={chatMessages.rooms.label}
          className={cn(
            'flex min-h-0 flex-col lg:border-e lg:border-border',
            roomId !== null && 'max-lg:hidden',
          )}
        >
          <RoomsList activeRoomId={roomId} onOpen={() => setOpenedFromList(true)} />
        </aside>
        <div className={cn('flex min-h-0 flex-col', roomId === null && 'max-lg:hidden')}>
          {roomId !== null ? (
            <ChatConversation
              key={roomId}
              roomId={roomId}
              onBack={() => setParams({})}
              focusComposer={openedFromList}
            />
          ) : (
            <div className="flex flex-1 items-center justify-center">
              <EmptyState icon={<MessagesSquare />} title={text.pick} description={text.pickText} />
            </div>
          )}
        </div>
      </div>
    </PageContainer>
  );
}
