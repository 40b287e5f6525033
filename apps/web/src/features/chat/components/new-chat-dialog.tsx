import { useNewChat, useSession } from '@hiwar/client';
import { chatMessages, Dialog, DialogContent, useErrorToast } from '@hiwar/ui';
import { useNavigate } from 'react-router';
import { Composer } from './composer.tsx';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

const text = chatMessages.start;

export interface NewChatDialogProps {
  /** The user to write to (the tutor). */
  userId: number;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The first message to someone the user has no room with: sending it creates the room
 * (`POST /chat/new`) and opens it in /chat. On a chunk of its own (MessageTutorButton loads it); an
 * unverified e-mail is asked to verify first.
 */
export function NewChatDialog({ userId, name, open, onOpenChange }: NewChatDialogProps) {
  const { user } = useSession();
  const start = useNewChat();
  const navigate = useNavigate();
  const showError = useErrorToast();
  const verified = user?.verifiedEmail === true;
  // The promise, not mutate's callbacks: once the room exists (the answer, or the `chat:room` event
  // before it) the button becomes a link to it and unmounts this dialog, and mutate's callbacks would
  // never run.
  const send = (message: string) =>
    void start.mutateAsync({ userId, message }).then(({ room }) => {
      onOpenChange(false);
      void navigate(`/chat?room=${room.id}`);
    }, showError);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={text.title(name)} description={verified ? text.description : undefined}>
        {verified ? <Composer onSend={send} sending={start.isPending} /> : <VerifyEmailBanner />}
      </DialogContent>
    </Dialog>
  );
}
