import { useCurrentSubscription, useSubscriptions } from '@hiwar/client';

/**
 * When a plan bought now would start, as the server decides it: at payment without a live
 * subscription, else when the last paid one (current or queued) ends. `GET /sub/current` names only the
 * first queued one, so the list is read for any further ones. Null: at payment.
 */
export function useNewSubscriptionStart(): string | null {
  const current = useCurrentSubscription();
  const live = current.data ?? null;
  const list = useSubscriptions({ size: 100 }, { enabled: live !== null });
  if (!live) {
    return null;
  }
  const now = Date.now();
  let latest = live.next?.end ?? live.subscription.end;
  for (const subscription of list.data?.list ?? []) {
    const end = subscription.endedAt ?? subscription.end;
    if (subscription.endedAt === null && Date.parse(end) > now && Date.parse(end) > Date.parse(latest)) {
      latest = end;
    }
  }
  return latest;
}
