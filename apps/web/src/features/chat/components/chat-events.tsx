import { type ChatAlert, useChatEvents, useChatUnreadTotal, useSession } from '@hiwar/client';
import { chatMessages, formatNumber, useToast } from '@hiwar/ui';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { playMessageSound, showBrowserNotification } from '../lib/message-alerts.ts';
import { messagePlainText } from '../lib/message-html.tsx';
import { memberName } from './presence-avatar.tsx';

const text = chatMessages.alerts;

/** The longest message preview a toast or a notification shows. */
const PREVIEW_LENGTH = 120;

/** `(٣) ` in front of the tab title while messages wait, as mail and chat apps do. */
const TITLE_COUNT = /^\([^)]*\)\s/;

/**
 * Keeps every chat screen live (rooms, unread badges, the open conversation, presence, "typing…") from
 * the realtime connection, and refetches chat after a reconnect. A new message in a room the user has
 * not muted (on this or any other device) and is not looking at chimes, and shows a toast, or a browser
 * notification while the tab is in the background; the tab title carries the unread count of the rooms
 * not muted. Mounted once, in the root layout.
 */
export function ChatEvents() {
  const { user } = useSession();
  const navigate = useNavigate();
  const { toast } = useToast();

  const onAlert = useCallback(
    ({ message, room }: ChatAlert) => {
      const title = text.newMessage(memberName(room.other));
      const preview = messagePlainText(message.text).replace(/\s+/g, ' ').trim();
      const body = preview.length > PREVIEW_LENGTH ? `${preview.slice(0, PREVIEW_LENGTH)}…` : preview;
      const open = () => void navigate(`/chat?room=${room.id}`);
      playMessageSound();
      if (document.visibilityState === 'hidden') {
        showBrowserNotification({ title, body, tag: `chat-room-${room.id}`, onClick: open });
        return;
      }
      toast({
        id: `chat-room-${room.id}`,
        type: 'info',
        title,
        description: body,
        actions: [{ label: text.open, onClick: open, altText: text.openAlt }],
      });
    },
    [navigate, toast],
  );
  useChatEvents({ onAlert });
  useUnreadTitle(user !== null);
  return null;
}

/** Puts the unread total (muted rooms left out) in front of the tab title, and takes it away at zero. */
function useUnreadTitle(enabled: boolean): void {
  const unread = useChatUnreadTotal({ enabled });
  useEffect(() => {
    const base = document.title.replace(TITLE_COUNT, '');
    document.title = enabled && unread > 0 ? `(${formatNumber(unread)}) ${base}` : base;
  }, [enabled, unread]);
  useEffect(
    () => () => {
      document.title = document.title.replace(TITLE_COUNT, '');
    },
    [],
  );
}
