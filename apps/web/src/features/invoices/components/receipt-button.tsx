import { useReceiptUrl } from '@hiwar/client';
import { Alert, Button, buttonClassName, Dialog, DialogContent, invoicesMessages, Skeleton } from '@hiwar/ui';
import { Download, ReceiptText } from 'lucide-react';
import { useState } from 'react';

const text = invoicesMessages.receipt;

/** The picture, fetched with the bearer token only once the dialog opens (receipts are private). */
function ReceiptPicture({ receipt, amount }: { receipt: string; amount: string }) {
  const { url, error } = useReceiptUrl(receipt);
  if (error) {
    return <Alert tone="danger">{text.failed}</Alert>;
  }
  if (!url) {
    return (
      <div role="status" aria-label={text.loading}>
        <Skeleton className="aspect-[3/4] w-full rounded-xl" />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <img
        src={url}
        alt={text.alt(amount)}
        className="max-h-[65dvh] w-full rounded-xl object-contain ring-1 ring-border"
      />
      <a href={url} download className={buttonClassName({ variant: 'secondary', className: 'self-end' })}>
        <Download aria-hidden="true" />
        {text.download}
      </a>
    </div>
  );
}

/**
 * "Show the receipt": a private `/assets/receipts/…` picture is fetched with the signed-in user's token
 * and shown from an object URL (an `<img src>` to the asset could not send the token).
 */
export function ReceiptButton({ receipt, amount }: { receipt: string; amount: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="secondary" size="sm" aria-label={text.showOf(amount)} onClick={() => setOpen(true)}>
        <ReceiptText aria-hidden="true" />
        {text.show}
      </Button>
      <DialogContent title={text.title} className="sm:max-w-xl">
        {open ? <ReceiptPicture receipt={receipt} amount={amount} /> : null}
      </DialogContent>
    </Dialog>
  );
}
