import { Alert, Button, chatMessages } from '@hiwar/ui';
import { Link } from 'react-router';

const text = chatMessages.verify;

/** Instead of the composer while the e-mail is unverified: chatting needs a verified e-mail (rules.md). */
export function VerifyEmailBanner({ className }: { className?: string }) {
  return (
    <Alert
      tone="warning"
      title={text.title}
      className={className}
      action={
        <Button asChild size="sm">
          <Link to="/verify-email">{text.action}</Link>
        </Button>
      }
    >
      {text.text}
    </Alert>
  );
}
