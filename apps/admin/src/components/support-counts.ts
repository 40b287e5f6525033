import { useContactRequests, useUnresolvedReportsCount } from '@hiwar/client';

/** How often the sidebar's counts refresh outside the support screens (which refresh live). */
const REFRESH_MS = 60_000;

/**
 * Open reports and contact requests waiting for staff, for the sidebar's badges. Only for the roles that
 * open those screens (`enabled`); refreshed every minute and whenever a support screen changes them.
 */
export function useSupportCounts(enabled: boolean): { reports: number; contactRequests: number } {
  const reports = useUnresolvedReportsCount({ enabled, refetchInterval: REFRESH_MS });
  const contactRequests = useContactRequests(
    { handled: false, size: 1 },
    { enabled, refetchInterval: REFRESH_MS },
  );
  return { reports: reports.data ?? 0, contactRequests: contactRequests.data?.unhandled ?? 0 };
}
