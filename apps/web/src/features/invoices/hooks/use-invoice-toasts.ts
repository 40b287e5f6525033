import { useInvoiceEvents } from '@hiwar/client';
import { InvoiceEventAction, InvoiceStatus } from '@hiwar/domain';
import { invoicesMessages, useToast } from '@hiwar/ui';

const text = invoicesMessages.events.tutor;

/** The tutor's own moves: their screen already says so when they make them. */
const ASKED_BY_TUTOR: readonly InvoiceStatus[] = [
  InvoiceStatus.UpdatedByReceiver,
  InvoiceStatus.CanceledByReceiver,
];

/**
 * Keeps `/invoices` live: every `invoice-updated` event refetches the requests and the balance (the
 * client hook does), and what staff did — a move, a note, a deletion — shows as a toast at once. The
 * tutor's own requests and moves are confirmed by the form that made them, so they raise no second toast.
 */
export function useInvoiceToasts(): void {
  const { toast } = useToast();
  useInvoiceEvents((event) => {
    const id = `invoice-${event.invoice.id}`;
    const { status } = event.invoice;
    switch (event.action) {
      case InvoiceEventAction.StatusChanged:
        if (!ASKED_BY_TUTOR.includes(status)) {
          const tone =
            status === InvoiceStatus.Fulfilled
              ? 'success'
              : status === InvoiceStatus.Rejected
                ? 'warning'
                : 'info';
          toast({
            id,
            type: tone,
            title: text['status-changed'](status),
            description: event.invoice.note ?? undefined,
          });
        }
        return;
      case InvoiceEventAction.NoteChanged:
        toast({
          id,
          type: 'info',
          title: text['note-changed'],
          description: event.invoice.note ?? undefined,
        });
        return;
      case InvoiceEventAction.Deleted:
        toast({ id, type: 'info', title: text.deleted });
        return;
      case InvoiceEventAction.Created:
        return;
    }
  });
}
