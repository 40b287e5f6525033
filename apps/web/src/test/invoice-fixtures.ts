import {
  EARNINGS_CHART_PERIODS,
  type Invoice,
  type InvoiceEvent,
  InvoiceEventAction,
  type InvoiceStats,
  InvoiceStatus,
  type WithdrawMethod,
  WithdrawMethodType,
} from '@hiwar/domain';

const STAMP = '2026-01-10T09:00:00.000Z';

/** The tutor of the invoice fixtures. */
export const INVOICE_TUTOR = { id: 3, name: 'منى خالد', image: null, email: 'mona@example.com' };

/** The three methods with rules.md's default limits (100 and 50,000 EGP), all enabled. */
export function makeMethods(overrides: Partial<Record<WithdrawMethodType, Partial<WithdrawMethod>>> = {}) {
  const types = [WithdrawMethodType.Wallet, WithdrawMethodType.Bank, WithdrawMethodType.Instapay];
  return types.map(
    (type, index): WithdrawMethod => ({
      id: index + 1,
      type,
      min: 100_00,
      max: 50_000_00,
      enabled: true,
      createdAt: STAMP,
      updatedAt: STAMP,
      ...overrides[type],
    }),
  );
}

/** A pending 1,000 EGP request of tutor 3 to an InstaPay address, made on Sunday 11 January 2026. */
export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 40,
    userId: INVOICE_TUTOR.id,
    receiver: INVOICE_TUTOR,
    amount: 1_000_00,
    status: InvoiceStatus.Pending,
    details: { method: WithdrawMethodType.Instapay, username: 'mona@instapay' },
    requestedDetails: null,
    note: null,
    receipt: null,
    addressedBy: null,
    expectedPayout: { earliest: '2026-01-15', latest: '2026-01-18' },
    createdAt: '2026-01-11T08:00:00.000Z',
    updatedAt: '2026-01-11T08:00:00.000Z',
    ...overrides,
  };
}

/** Twelve weeks and months, oldest first, with the given earnings at the end. */
function series(kind: 'weekly' | 'monthly', recent: readonly number[]) {
  return Array.from({ length: EARNINGS_CHART_PERIODS }, (_, index) => {
    const fromEnd = EARNINGS_CHART_PERIODS - 1 - index;
    const period =
      kind === 'weekly'
        ? new Date(Date.UTC(2026, 0, 10 - fromEnd * 7)).toISOString().slice(0, 10)
        : new Date(Date.UTC(2026, 0 - fromEnd, 1)).toISOString().slice(0, 7);
    return { period, earned: recent[recent.length - 1 - fromEnd] ?? 0 };
  });
}

/** Tutor 3's ledger: 3,000 EGP earned, 500 withdrawn, 1,000 pending, 1,500 withdrawable. */
export function makeStats(overrides: Partial<InvoiceStats> = {}): InvoiceStats {
  return {
    tutorId: INVOICE_TUTOR.id,
    earned: 3_000_00,
    withdrawn: 500_00,
    pending: 1_000_00,
    withdrawable: 1_500_00,
    upcoming: 0,
    weekly: series('weekly', [750_00, 0, 1_500_00]),
    monthly: series('monthly', [750_00, 2_250_00]),
    ...overrides,
  };
}

/** The socket payload of a change to `invoice`. */
export function invoiceEvent(
  invoice: Invoice,
  action: InvoiceEvent['action'] = InvoiceEventAction.StatusChanged,
  previousStatus: InvoiceStatus | null = InvoiceStatus.Pending,
): InvoiceEvent {
  return { action, invoice, previousStatus, at: new Date().toISOString() };
}
