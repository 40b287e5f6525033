import { useUpdateInvoiceAsReceiver } from '@hiwar/client';
import { type Invoice, InvoiceStatus } from '@hiwar/domain';
import { Button, Dialog, DialogContent, invoicesMessages, useErrorToast, useToast } from '@hiwar/ui';

const text = invoicesMessages.cancelDialog;

export interface CancelInvoiceDialogProps {
  /** The request to cancel; `null` keeps the dialog closed. */
  invoice: Invoice | null;
  onClose: () => void;
}

/**
 * The tutor asks staff to cancel a request (`canceled-by-receiver`), after confirming: the amount stays
 * held until staff approve. Sent with the status shown, so a move staff made meanwhile wins.
 */
export function CancelInvoiceDialog({ invoice, onClose }: CancelInvoiceDialogProps) {
  const update = useUpdateInvoiceAsReceiver();
  const { toast } = useToast();
  const showError = useErrorToast();

  const confirm = () => {
    if (!invoice) {
      return;
    }
    update.mutate(
      {
        id: invoice.id,
        body: { status: InvoiceStatus.CanceledByReceiver, expectedStatus: invoice.status },
      },
      {
        onSuccess: () => {
          toast({ id: `invoice-${invoice.id}`, type: 'success', title: text.sent });
          onClose();
        },
        onError: showError,
      },
    );
  };

  return (
    <Dialog
      open={invoice !== null}
      onOpenChange={(open) => (open || update.isPending ? undefined : onClose())}
    >
      <DialogContent
        title={text.title}
        description={text.description}
        className="sm:max-w-md"
        footer={
          <>
            <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
              {text.keep}
            </Button>
            <Button variant="danger" onClick={confirm} loading={update.isPending}>
              {text.confirm}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
