import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const INVOICES_TABS = ['requests', 'methods'] as const;
export type InvoicesTab = (typeof INVOICES_TABS)[number];

function isInvoicesTab(value: string | null): value is InvoicesTab {
  return (INVOICES_TABS as readonly (string | null)[]).includes(value);
}

/**
 * The open tab of /invoices in the address bar (`/invoices?tab=methods`); the requests tab is the
 * default. Switching tabs keeps the list's filters.
 */
export function useInvoicesTab(): [InvoicesTab, (tab: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('tab');
  const tab = isInvoicesTab(raw) ? raw : 'requests';
  const setTab = useCallback(
    (next: string) => {
      setSearchParams(
        (current) => {
          const query = new URLSearchParams(current);
          if (isInvoicesTab(next) && next !== 'requests') {
            query.set('tab', next);
          } else {
            query.delete('tab');
          }
          return query;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  return [tab, setTab];
}
