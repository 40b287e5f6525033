import { Button, chatMessages } from '@hiwar/ui';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { askForNotifications, canAskForNotifications } from '../lib/message-alerts.ts';

const text = chatMessages.alerts;

/**
 * Offers browser notifications for new messages while the browser has not been asked yet (asking needs
 * a click); gone once the user answered, either way.
 */
export function NotificationsPrompt() {
  const [askable, setAskable] = useState(canAskForNotifications);
  if (!askable) {
    return null;
  }
  return (
    <div className="flex items-start gap-2 border-b border-border bg-surface-muted/60 px-3 py-2">
      <p className="min-w-0 flex-1 text-xs leading-relaxed text-muted-foreground">{text.enableHint}</p>
      <Button
        size="sm"
        variant="secondary"
        className="shrink-0"
        onClick={() => {
          void askForNotifications().finally(() => setAskable(canAskForNotifications()));
        }}
      >
        <BellRing aria-hidden="true" />
        {text.enable}
      </Button>
    </div>
  );
}
