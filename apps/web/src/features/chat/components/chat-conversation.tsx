import {
  isApiError,
  isReadByOther,
  useChatAttachmentUpload,
  useChatConversation,
  useSession,
} from '@hiwar/client';
import { Button, chatMessages, cn, EmptyState, messages, Skeleton, Spinner } from '@hiwar/ui';
import { ArrowRight, CloudOff, MessageCircleOff } from 'lucide-react';
import { Fragment, useLayoutEffect, useRef } from 'react';
import { cairoDayKey, dayLabel } from '../lib/chat-dates.ts';
import { Composer } from './composer.tsx';
import { MessageBubble } from './message-bubble.tsx';
import { memberName, PresenceAvatar } from './presence-avatar.tsx';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

const text = chatMessages.conversation;
/** How close to the top (px) a scroll must come to load older messages. */
const LOAD_OLDER_AT = 120;
/** How close to the bottom (px) counts as "reading the newest": a new message then scrolls into view. */
const STICK_TO_BOTTOM = 160;

export interface ChatConversationProps {
  roomId: number;
  /** Shows a back button (one pane at a time on small screens). */
  onBack?: () => void;
  /** Puts the focus in the composer once the room is loaded (opened from the rooms list). */
  focusComposer?: boolean;
  className?: string;
}

/**
 * One conversation: the other member with their presence, the messages (older ones load when scrolling
 * up, keeping the reader's place; day separators in Cairo time), "typing…", and the composer, or the
 * verify-email banner for an unverified e-mail. Also embedded by the lesson room for in-session chat.
 * Needs `ChatEvents` mounted (the root layout does) to hear the room's live events.
 */
export function ChatConversation({
  roomId,
  onBack,
  focusComposer = false,
  className,
}: ChatConversationProps) {
  const { user } = useSession();
  const me = user?.id ?? null;
  const chat = useChatConversation(roomId);
  const upload = useChatAttachmentUpload(roomId);
  const { room, messages: history, items } = chat;
  const scroller = useRef<HTMLDivElement>(null);
  // Distance from the bottom before older messages were asked for; restored once they are in.
  const keepFromBottom = useRef<number | null>(null);
  const nearBottom = useRef(true);
  const lastKey = useRef<string | null>(null);

  const loadOlder = () => {
    const element = scroller.current;
    if (!element || !history.hasNextPage || history.isFetchingNextPage) {
      return;
    }
    keepFromBottom.current = element.scrollHeight - element.scrollTop;
    void history.fetchNextPage();
  };

  const onScroll = () => {
    const element = scroller.current;
    if (!element) {
      return;
    }
    nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM;
    if (element.scrollTop < LOAD_OLDER_AT) {
      loadOlder();
    }
  };

  const newest = items.at(-1);
  const newestKey = newest
    ? newest.kind === 'message'
      ? `m${newest.message.id}`
      : `o${newest.message.clientRef}`
    : null;
  const newestIsMine = newest ? newest.kind === 'outgoing' || newest.message.senderId === me : false;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of what is shown (older pages in, a new message).
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) {
      return;
    }
    if (keepFromBottom.current !== null && !history.isFetchingNextPage) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
      return;
    }
    if (newestKey !== lastKey.current) {
      const first = lastKey.current === null;
      lastKey.current = newestKey;
      if (first || nearBottom.current || newestIsMine) {
        element.scrollTop = element.scrollHeight;
      }
    }
  }, [items, newestKey, newestIsMine, history.isFetchingNextPage]);

  if ((room.isError && !room.data) || (history.isError && !history.data)) {
    const missing =
      (isApiError(room.error) && (room.error.status === 404 || room.error.status === 403)) ||
      (isApiError(history.error) && (history.error.status === 404 || history.error.status === 403));
    return (
      <div className={cn('flex flex-1 items-center justify-center', className)}>
        <EmptyState
          icon={missing ? <MessageCircleOff /> : <CloudOff />}
          title={missing ? text.notFound : text.loadFailed}
          {...(missing ? {} : { description: messages.common.networkError })}
          action={
            missing ? null : (
              <Button
                onClick={() => {
                  void room.refetch();
                  void history.refetch();
                }}
              >
                {messages.common.retry}
              </Button>
            )
          }
        />
      </div>
    );
  }

  const other = room.data?.other;
  const name = other ? memberName(other) : '';
  let previousDay = '';

  return (
    <section
      aria-label={other ? text.label(name) : text.messages}
      className={cn('flex min-h-0 flex-1 flex-col', className)}
    >
      <header className="flex items-center gap-3 border-b border-border px-3 py-2.5 sm:px-4">
        {onBack ? (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={text.back}
            onClick={onBack}
            className="lg:hidden"
          >
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : null}
        {other ? (
          <>
            <PresenceAvatar member={other} />
            <div className="flex min-w-0 flex-col">
              <h2 className="truncate font-bold">{name}</h2>
              <p className="text-xs text-muted-foreground" aria-live="polite">
                {chat.otherTyping ? (
                  <span className="text-brand">{text.typing(name)}</span>
                ) : other.online ? (
                  chatMessages.rooms.online
                ) : (
                  chatMessages.rooms.offline
                )}
              </p>
            </div>
          </>
        ) : (
          <Skeleton className="h-10 w-40" />
        )}
      </header>

      <div
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={text.messages}
        className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto overscroll-contain bg-background px-3 py-4 sm:px-5"
      >
        {history.isLoading ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-10 w-2/3 self-start rounded-2xl" />
            <Skeleton className="h-10 w-1/2 self-end rounded-2xl" />
            <Skeleton className="h-14 w-3/5 self-start rounded-2xl" />
          </div>
        ) : (
          <>
            {history.hasNextPage ? (
              <div className="flex justify-center">
                {history.isFetchingNextPage ? (
                  <Spinner size="sm" />
                ) : (
                  <Button variant="link" size="sm" onClick={loadOlder}>
                    {text.loadOlder}
                  </Button>
                )}
              </div>
            ) : null}
            {items.length === 0 ? (
              <p className="m-auto max-w-xs text-center text-sm text-muted-foreground">{text.empty}</p>
            ) : null}
            {items.map((item) => {
              const day = cairoDayKey(item.message.createdAt);
              const separator = day !== previousDay;
              previousDay = day;
              const mine = item.kind === 'outgoing' || item.message.senderId === me;
              const key = item.kind === 'message' ? `m${item.message.id}` : `o${item.message.clientRef}`;
              return (
                <Fragment key={key}>
                  {separator ? (
                    <div className="my-2 flex justify-center">
                      <span className="rounded-full bg-surface-muted px-3 py-1 text-xs font-semibold text-muted-foreground">
                        {dayLabel(item.message.createdAt)}
                      </span>
                    </div>
                  ) : null}
                  <MessageBubble
                    item={item}
                    mine={mine}
                    read={item.kind === 'message' && isReadByOther(item.message, room.data)}
                    onEdit={chat.edit}
                    onDelete={chat.remove}
                    onRetry={(clientRef) => void chat.retry(clientRef)}
                  />
                </Fragment>
              );
            })}
          </>
        )}
      </div>

      <div className="border-t border-border bg-surface px-3 py-3 sm:px-4">
        {user && !user.verifiedEmail ? (
          <VerifyEmailBanner />
        ) : (
          <Composer
            onSend={(value) => void chat.send(value)}
            onTyping={chat.typed}
            disabled={!room.data}
            autoFocus={focusComposer}
            attachments={upload}
          />
        )}
      </div>
    </section>
  );
}
