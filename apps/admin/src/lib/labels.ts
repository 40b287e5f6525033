import type { Role } from '@hiwar/domain';
import { adminUsersMessages, messages } from '@hiwar/ui';

const text = adminUsersMessages;

/** The role's Arabic name; an unknown number (a newer server) shows as "not set" rather than a digit. */
export function roleLabel(role: number): string {
  return Object.hasOwn(messages.roles, role) ? messages.roles[role as Role] : text.notSet;
}

/** A person's name for headings and avatars; accounts made by staff may have none yet. */
export function displayName(user: { name: string | null; email: string }): string {
  return user.name?.trim() || user.email.split('@')[0] || user.email;
}
