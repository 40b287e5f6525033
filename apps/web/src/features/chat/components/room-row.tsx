import { useSession } from '@hiwar/client';
import type { ChatRoom } from '@hiwar/domain';
import { chatMessages, cn, formatNumber } from '@hiwar/ui';
import { BellOff, Hand, Pin } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { roomTimeLabel } from '../lib/chat-dates.ts';
import { messagePlainText } from '../lib/message-html.tsx';
import { memberName, PresenceAvatar } from './presence-avatar.tsx';

const text = chatMessages.rooms;

const RoomMenu = lazy(async () => ({ default: (await import('./room-menu.tsx')).RoomMenu }));

/**
 * The newest message in one line: "أنت: …" for ours, a note for a deleted one, and an invitation to say
 * hello in a room nobody wrote in yet (made by a booking).
 */
function preview(room: ChatRoom, me: number | null): string {
  const last = room.lastMessage;
  if (!last) {
    return text.sayHello(memberName(room.other));
  }
  const plain = messagePlainText(last.text).replace(/\s+/g, ' ');
  // A message of files alone has no text (the room's last message lists no attachments).
  const body = last.deletedAt ? chatMessages.conversation.deleted : plain || chatMessages.rooms.attachment;
  return last.senderId === me ? text.you(body) : body;
}

export interface RoomRowProps {
  room: ChatRoom;
  active?: boolean;
  /** Shows the pin and mute menu (the /chat list; not the dashboards' panel). */
  withMenu?: boolean;
  size?: 'md' | 'sm';
  /** Called when the room is opened from this row (click or Enter). */
  onOpen?: () => void;
}

/** A room in a list: the other member with presence, the last message, its time, unread count, pin and mute. */
export function RoomRow({ room, active = false, withMenu = true, size = 'md', onOpen }: RoomRowProps) {
  const me = useSession().user?.id ?? null;
  const name = memberName(room.other);
  const unread = room.unread > 0;

  return (
    <div
      className={cn(
        'group relative flex items-center gap-1 rounded-xl transition-colors',
        active ? 'bg-brand-soft' : 'hover:bg-surface-muted',
      )}
    >
      <Link
        to={`/chat?room=${room.id}`}
        aria-current={active ? 'true' : undefined}
        data-room-link={room.id}
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl p-2.5 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <PresenceAvatar member={room.other} size={size === 'sm' ? 'sm' : 'md'} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-center gap-1.5">
            <span className={cn('truncate', unread ? 'font-bold' : 'font-semibold')}>{name}</span>
            {room.pinned ? (
              <Pin aria-label={text.pinned} className="size-3.5 shrink-0 text-muted-foreground" />
            ) : null}
            {room.muted ? (
              <BellOff aria-label={text.muted} className="size-3.5 shrink-0 text-muted-foreground" />
            ) : null}
            <span className="ms-auto shrink-0 text-xs text-muted-foreground">
              {room.lastMessage ? roomTimeLabel(room.lastMessageAt) : null}
            </span>
          </span>
          <span className="flex items-center gap-2">
            <span
              dir="auto"
              className={cn(
                'min-w-0 flex-1 truncate text-start text-sm',
                unread ? 'font-medium text-foreground' : 'text-muted-foreground',
              )}
            >
              {room.lastMessage === null ? (
                <Hand aria-hidden="true" className="me-1 inline size-3.5 align-[-2px] text-brand" />
              ) : null}
              {preview(room, me)}
            </span>
            {unread ? (
              <span
                className={cn(
                  'inline-flex min-w-5 shrink-0 items-center justify-center rounded-full px-1.5 text-xs font-bold',
                  room.muted ? 'bg-surface-muted text-muted-foreground' : 'bg-brand text-brand-foreground',
                )}
              >
                <span aria-hidden="true">{formatNumber(room.unread)}</span>
                <span className="sr-only">{text.unread(room.unread)}</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
      {withMenu ? (
        // The menu button's place is kept while its chunk loads.
        <Suspense fallback={<span aria-hidden="true" className="me-1 size-8 shrink-0" />}>
          <RoomMenu room={room} name={name} />
        </Suspense>
      ) : null}
    </div>
  );
}
