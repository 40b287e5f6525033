import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const PLANS_TABS = ['plans', 'coupons', 'invites'] as const;
export type PlansTab = (typeof PLANS_TABS)[number];

function isPlansTab(value: string | null): value is PlansTab {
  return (PLANS_TABS as readonly (string | null)[]).includes(value);
}

/**
 * The open tab of /plans in the address bar (`/plans?tab=coupons`), so a reload, a shared link or the
 * back button returns to it; the plans tab is the default and leaves the address clean.
 */
export function usePlansTab(): [PlansTab, (tab: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('tab');
  const tab = isPlansTab(raw) ? raw : 'plans';
  const setTab = useCallback(
    (next: string) => {
      setSearchParams(isPlansTab(next) && next !== 'plans' ? { tab: next } : {}, { replace: true });
    },
    [setSearchParams],
  );
  return [tab, setTab];
}
