import type { Governorate } from '@hiwar/domain';
import { accountMessages, adminUsersMessages } from '@hiwar/ui';

/**
 * The governorate's Arabic name (the accounts catalogue shared with the web app). Apart from the other
 * labels: the accounts catalogue it reads stays off the screens that show no address (the sidebar's
 * account, the home).
 */
export function governorateLabel(city: number): string {
  const names = accountMessages.governorates;
  return Object.hasOwn(names, city) ? names[city as Governorate] : adminUsersMessages.notSet;
}
