import { Button, Dialog, messages } from '@hiwar/ui';
import type { ReactNode } from 'react';

/**
 * The shell of a create/edit dialog: the form inside mounts only while the dialog is open, so every
 * opening starts from fresh values. `children` gets the function that closes it.
 */
export function ResourceFormDialog({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: (close: () => void) => ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? children(() => onOpenChange(false)) : null}
    </Dialog>
  );
}

/** Cancel and submit under a dialog's form (`formId`): cancel waits and submit spins while it saves. */
export function FormDialogFooter({
  formId,
  submitLabel,
  isPending,
  onCancel,
  disabled = false,
}: {
  formId: string;
  submitLabel: string;
  isPending: boolean;
  onCancel: () => void;
  disabled?: boolean;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={isPending}>
        {messages.common.cancel}
      </Button>
      <Button type="submit" form={formId} loading={isPending} disabled={disabled}>
        {submitLabel}
      </Button>
    </>
  );
}
