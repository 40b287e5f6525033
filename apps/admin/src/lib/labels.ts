import type { Governorate, Role } from '@hiwar/domain';
import { accountMessages, adminUsersMessages, messages } from '@hiwar/ui';

const text = adminUsersMessages;

/** The role's Arabic name; an unknown number (a newer server) shows as "not set" rather than a digit. */
export function roleLabel(role: number): string {
  return Object.hasOwn(messages.roles, role) ? messages.roles[role as Role] : text.notSet;
}

/** The governorate's Arabic name (the accounts catalogue shared with the web app). */
export function governorateLabel(city: number): string {
  const names = accountMessages.governorates;
  return Object.hasOwn(names, city) ? names[city as Governorate] : text.notSet;
}

/** A person's name for headings and avatars; accounts made by staff may have none yet. */
export function displayName(user: { name: string | null; email: string }): string {
  return user.name?.trim() || user.email.split('@')[0] || user.email;
}
