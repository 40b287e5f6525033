import { useNewChat, useRoomWith, useSession } from '@hiwar/client';
import { Button, type ButtonProps, chatMessages, Dialog, DialogContent, useErrorToast } from '@hiwar/ui';
import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Composer } from './composer.tsx';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

const text = chatMessages.start;

export interface MessageTutorButtonProps {
  /** The user to write to (the tutor). */
  userId: number;
  name: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/**
 * "راسل المعلم": opens the pair's room in /chat when they have one; otherwise a dialog takes the first
 * message, which creates the room (`POST /chat/new`), then opens it. Shown only to a signed-in user other
 * than `userId`.
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
  const start = useNewChat();
  const navigate = useNavigate();
  const showError = useErrorToast();
  const [open, setOpen] = useState(false);

  if (!canMessage) {
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
  const send = (message: string) =>
    start.mutate(
      { userId, message },
      {
        onSuccess: ({ room: created }) => {
          setOpen(false);
          void navigate(`/chat?room=${created.id}`);
        },
        onError: showError,
      },
    );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size={size} variant={variant} disabled={room.isLoading} onClick={() => setOpen(true)}>
        {icon}
        {text.button}
      </Button>
      <DialogContent title={text.title(name)} description={user.verifiedEmail ? text.description : undefined}>
        {user.verifiedEmail ? <Composer onSend={send} sending={start.isPending} /> : <VerifyEmailBanner />}
      </DialogContent>
    </Dialog>
  );
}
