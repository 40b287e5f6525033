import { accountMessages, Button } from '@hiwar/ui';
import { RotateCw } from 'lucide-react';
import { useCountdown } from '../hooks/use-countdown.ts';

const text = accountMessages.verifyEmail;

export interface ResendCodeProps {
  /** Epoch ms from which another code may be asked for; `null` when none was sent yet. */
  resendAt: number | null;
  onResend: () => void;
  pending: boolean;
  /** Label before any code was sent (defaults to "أرسل الرمز"). */
  sendLabel?: string;
}

/** "Resend the code" with the 60-second cooldown shown as a live countdown. */
export function ResendCode({ resendAt, onResend, pending, sendLabel = text.send }: ResendCodeProps) {
  const secondsLeft = useCountdown(resendAt);
  if (secondsLeft > 0) {
    return (
      <p className="text-sm text-muted-foreground" aria-live="off">
        {text.resendIn(secondsLeft)}
      </p>
    );
  }
  return (
    <Button variant="link" onClick={onResend} loading={pending} className="text-sm">
      {pending ? null : <RotateCw aria-hidden="true" className="size-4" />}
      {resendAt === null ? sendLabel : text.resend}
    </Button>
  );
}
