import {
  expectedPayoutDates,
  INVOICE_MOVES,
  type Invoice,
  InvoiceStatus,
  localDayRange,
  type ReceiverDetails,
  WithdrawMethodType,
} from '@hiwar/domain';
import { formatDate, invoicesMessages } from '@hiwar/ui';

const text = invoicesMessages;

/** Where the money goes, as label and value pairs (values are Latin: numbers, addresses). */
export function receiverLines(
  details: ReceiverDetails,
): Array<{ label: string; value: string; ltr: boolean }> {
  switch (details.method) {
    case WithdrawMethodType.Wallet:
      return [{ label: text.details.phone, value: details.phone, ltr: true }];
    case WithdrawMethodType.Bank:
      return [
        { label: text.details.bank, value: text.bank[details.bank], ltr: false },
        { label: text.details.accountNumber, value: details.accountNumber, ltr: true },
      ];
    case WithdrawMethodType.Instapay:
      return [{ label: text.details.username, value: details.username, ltr: true }];
  }
}

/** A local `YYYY-MM-DD` date of the product zone, as "الأحد، ٢٢ نوفمبر". */
export function formatLocalDate(date: string, options: Intl.DateTimeFormatOptions = {}): string {
  return formatDate(localDayRange(date).start, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...options,
  });
}

/**
 * When the money should arrive: the 4th to 5th working day after the request (Fridays and Saturdays
 * off), by the domain's rule; shown while the request is still being processed.
 */
export function payoutWindow(invoice: Invoice): { earliest: string; latest: string } | null {
  if (invoice.status !== InvoiceStatus.Pending && invoice.status !== InvoiceStatus.UpdatedByReceiver) {
    return null;
  }
  const { earliest, latest } = expectedPayoutDates(new Date(invoice.createdAt));
  return { earliest: formatLocalDate(earliest), latest: formatLocalDate(latest) };
}

/** What the tutor may still ask for this request (rules.md's table, the tutor's column). */
export function tutorActions(invoice: Invoice): { canAskUpdate: boolean; canAskCancel: boolean } {
  const moves = INVOICE_MOVES.tutor[invoice.status];
  return {
    canAskUpdate: moves.includes(InvoiceStatus.UpdatedByReceiver),
    canAskCancel: moves.includes(InvoiceStatus.CanceledByReceiver),
  };
}
