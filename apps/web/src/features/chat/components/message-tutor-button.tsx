import { useRoomWith, useSession } from '@hiwar/client';
import { Role } from '@hiwar/domain';
import { Button, type ButtonProps, chatMessages, preloadOnIntent, useOpenedOnce } from '@hiwar/ui';
import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';

const text = chatMessages.start;
const loadDialog = () => import('./new-chat-dialog.tsx');
const NewChatDialog = lazy(async () => ({ default: (await loadDialog()).NewChatDialog }));

export interface MessageTutorButtonProps {
  /** The user to write to (the tutor). */
  userId: number;
  name: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/**
 * "راسل المعلم": opens the pair's room in /chat when they have one; otherwise a dialog takes the first
 * message, which creates the room, then opens it (NewChatDialog, fetched when the button is pointed
 * at, focused or pressed). Shown only to a signed-in user other than `userId`; the dialog only to a
 * student, who may write first to a listed tutor (decision 0045: a tutor cannot open a room with
 * another tutor, so they see the button only when the pair has a room).
 */
export function MessageTutorButton({
  userId,
  name,
  size = 'md',
  variant = 'secondary',
}: MessageTutorButtonProps) {
  const { user } = useSession();
  const canMessage = user !== null && user.id !== userId;
  const room = useRoomWith(canMessage ? userId : null);
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);

  if (!canMessage || (!room.data && user.role !== Role.Student)) {
    return null;
  }
  const icon = <MessageCircle aria-hidden="true" />;
  if (room.data) {
    return (
      <Button asChild size={size} variant={variant}>
        <Link to={`/chat?room=${room.data.id}`}>
          {icon}
          {text.button}
        </Link>
      </Button>
    );
  }
  return (
    <>
      <Button
        size={size}
        variant={variant}
        disabled={room.isLoading}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        {...preloadOnIntent(loadDialog)}
      >
        {icon}
        {text.button}
      </Button>
      <Suspense fallback={null}>
        {mounted ? <NewChatDialog userId={userId} name={name} open={open} onOpenChange={setOpen} /> : null}
      </Suspense>
    </>
  );
}
