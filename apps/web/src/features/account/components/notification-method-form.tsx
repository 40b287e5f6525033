import { type CurrentUser, useUpdateUser } from '@hiwar/client';
import { MessagingApp } from '@hiwar/domain';
import { Alert, accountMessages, Button, RadioCards, useErrorToast, useToast } from '@hiwar/ui';
import { MessageCircle, Send } from 'lucide-react';
import { useState } from 'react';
import { messagingAppOptions } from '../lib/options.ts';

const text = accountMessages.settings.notifications;
const ICONS = { [MessagingApp.Whatsapp]: <MessageCircle />, [MessagingApp.Telegram]: <Send /> } as const;

/** WhatsApp or Telegram for lesson reminders and alerts (`notificationMethod`). */
export function NotificationMethodForm({ user }: { user: CurrentUser }) {
  const update = useUpdateUser();
  const showError = useErrorToast();
  const { toast } = useToast();
  const [choice, setChoice] = useState<MessagingApp | null>(user.notificationMethod);
  const changed = choice !== null && choice !== user.notificationMethod;

  const save = () => {
    if (choice === null) {
      return;
    }
    update.mutate(
      { id: user.id, body: { notificationMethod: choice } },
      {
        onSuccess: () =>
          toast({ id: 'settings-saved', type: 'success', title: accountMessages.settings.saved }),
        onError: showError,
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <RadioCards
        legend={text.legend}
        name="notificationMethod"
        value={choice === null ? null : (String(choice) as `${MessagingApp}`)}
        onValueChange={(value) => setChoice(Number(value) as MessagingApp)}
        options={messagingAppOptions.map((option) => {
          const app = Number(option.value) as MessagingApp;
          return { ...option, icon: ICONS[app], description: text.hints[app] };
        })}
      />
      {!user.phone || !user.verifiedPhone ? <Alert tone="info">{text.needsPhone}</Alert> : null}
      <div className="flex justify-end">
        <Button onClick={save} disabled={!changed} loading={update.isPending} className="max-sm:w-full">
          {text.submit}
        </Button>
      </div>
    </div>
  );
}
