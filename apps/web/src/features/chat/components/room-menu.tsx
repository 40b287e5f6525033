import { useUpdateChatRoom } from '@hiwar/client';
import type { ChatRoom } from '@hiwar/domain';
import {
  Button,
  chatMessages,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  useErrorToast,
} from '@hiwar/ui';
import { Bell, BellOff, EllipsisVertical, Pin, PinOff } from 'lucide-react';

const text = chatMessages.rooms;

/**
 * A room's pin and mute menu, beside its row in the /chat list. A chunk of its own (Radix's menu and
 * floating-ui with it): the dashboards' chat panels show rows without it.
 */
export function RoomMenu({ room, name }: { room: ChatRoom; name: string }) {
  const update = useUpdateChatRoom();
  const showError = useErrorToast();
  const change = (body: { pinned?: boolean; muted?: boolean }) =>
    update.mutate({ roomId: room.id, ...body }, { onError: showError });

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={text.options(name)} className="me-1 shrink-0">
          <EllipsisVertical aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-48">
        <DropdownMenuItem onSelect={() => change({ pinned: !room.pinned })}>
          {room.pinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
          {room.pinned ? text.unpin : text.pin}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => change({ muted: !room.muted })}>
          {room.muted ? <Bell aria-hidden="true" /> : <BellOff aria-hidden="true" />}
          {room.muted ? text.unmute : text.mute}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
