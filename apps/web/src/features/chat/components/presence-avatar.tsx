import type { ChatMember } from '@hiwar/domain';
import { Avatar, type AvatarProps, chatMessages, cn } from '@hiwar/ui';

/** The other member's name as chat shows it. */
export function memberName(member: ChatMember): string {
  return member.name?.trim() || chatMessages.rooms.unnamed;
}

/** A member's photo with a green dot while they are online. */
export function PresenceAvatar({ member, size = 'md' }: { member: ChatMember; size?: AvatarProps['size'] }) {
  return (
    <span className="relative inline-flex shrink-0">
      <Avatar src={member.image} name={memberName(member)} size={size} decorative />
      {member.online ? (
        <span
          data-online=""
          className={cn(
            'absolute bottom-0 end-0 rounded-full bg-success ring-2 ring-surface',
            size === 'sm' ? 'size-2.5' : 'size-3',
          )}
        >
          <span className="sr-only">{chatMessages.rooms.online}</span>
        </span>
      ) : null}
    </span>
  );
}
