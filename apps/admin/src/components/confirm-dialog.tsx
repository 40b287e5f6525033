import { Button, Dialog, DialogContent, messages } from '@hiwar/ui';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** Keeps the dialog open with a spinner on the confirm button while the change is saved. */
  isPending?: boolean;
  tone?: 'primary' | 'danger';
}

/** Asks before a change that is hard to take back (activation, role, e-mail verification). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  isPending = false,
  tone = 'primary',
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (isPending ? undefined : onOpenChange(next))}>
      <DialogContent
        title={title}
        description={description}
        className="sm:max-w-md"
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isPending}>
              {messages.common.cancel}
            </Button>
            <Button variant={tone} onClick={onConfirm} loading={isPending}>
              {confirmLabel}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
