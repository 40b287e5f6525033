import { useChatUnreadTotal, useSession } from '@hiwar/client';
import { useEffect } from 'react';
import { ChatEvents } from '../../features/chat/components/chat-events.tsx';
import { useLiveRefresh } from '../../features/lessons/hooks/use-live-refresh.ts';
import { PaymentEventsToast } from '../../features/payments/components/payment-events-toast.tsx';

export interface LiveEventsProps {
  /** Told the unread chats total (muted rooms left out) whenever it changes, and 0 when unmounted. */
  onUnreadChats: (count: number) => void;
}

/**
 * The root layout's realtime layer, mounted only while signed in (a visitor has no socket): live data
 * refresh, lesson reminders, payment and chat alerts, and the unread chats count the header shows. A
 * chunk of its own, so a visitor's first screen carries none of it (issue 16).
 */
export function LiveEvents({ onUnreadChats }: LiveEventsProps) {
  useLiveRefresh();
  const { user } = useSession();
  const unread = useChatUnreadTotal({ enabled: user !== null });
  useEffect(() => {
    onUnreadChats(unread);
  }, [unread, onUnreadChats]);
  useEffect(() => () => onUnreadChats(0), [onUnreadChats]);
  return (
    <>
      <PaymentEventsToast />
      <ChatEvents />
    </>
  );
}
