import { isStaff, Role } from '@hiwar/domain';

/** The back office's areas, one per sidebar entry plus the screens reached from them. */
export type AdminSection =
  | 'dashboard'
  | 'photoSessions'
  | 'users'
  | 'invoices'
  | 'refundRequests'
  | 'plans'
  | 'interviews'
  | 'lessons'
  | 'topics'
  | 'platformSettings'
  | 'userSettings'
  | 'tutorProfile'
  | 'serverTools'
  | 'reports'
  | 'contactRequests'
  | 'media'
  | 'serverStats';

const { SuperAdmin, RegularAdmin, TutorManager, Studio } = Role;
const ADMINS = [SuperAdmin, RegularAdmin] as const;
const ALL_STAFF = [SuperAdmin, RegularAdmin, TutorManager, Studio] as const;

/**
 * Which staff role opens which area (rules.md "Staff permissions"). The server enforces the actions
 * themselves; this only decides what the sidebar offers and which screens open, so nobody lands on a
 * page whose every call answers `forbidden`.
 * - TutorManager: users (the tutors they interview or that await an interviewer: decision 0045),
 *   interviews (own), lessons (own).
 * - Studio: photo sessions of assigned tutors only (their media, not the tutor page).
 * - RegularAdmin views plans and interviews; SuperAdmin does everything.
 */
const SECTION_ROLES: Readonly<Record<AdminSection, readonly Role[]>> = {
  dashboard: ALL_STAFF,
  userSettings: ALL_STAFF,
  photoSessions: [...ADMINS, Studio],
  users: [...ADMINS, TutorManager],
  invoices: ADMINS,
  // Students' refund requests: admins look; only a SuperAdmin refunds or declines (`canManagePayments`).
  refundRequests: ADMINS,
  plans: ADMINS,
  interviews: [...ADMINS, TutorManager],
  lessons: [...ADMINS, TutorManager],
  topics: ADMINS,
  platformSettings: ADMINS,
  tutorProfile: [...ADMINS, TutorManager],
  serverTools: ADMINS,
  reports: ADMINS,
  contactRequests: ADMINS,
  // Stored files: admins look; only a SuperAdmin removes orphans (`canRemoveOrphanedMedia`).
  media: ADMINS,
  // Live server figures: the ServerStats channel admits SuperAdmins only.
  serverStats: [SuperAdmin],
};

/** A known role number that may enter the back office. */
export function isStaffRole(role: number): role is Role {
  return Object.values(Role).includes(role as Role) && isStaff(role as Role);
}

export function canOpenSection(role: number, section: AdminSection): boolean {
  return SECTION_ROLES[section].includes(role as Role);
}

/** SuperAdmin and RegularAdmin manage every user (the server's `isAdmin`). */
export function isAdminRole(role: number): boolean {
  return role === SuperAdmin || role === RegularAdmin;
}

/**
 * TutorManager and Studio see only the tutors within their reach in user lists (decision 0045: the
 * server filters, and refuses them any other role).
 */
export function seesTutorsOnly(role: number): boolean {
  return !isAdminRole(role);
}

/** Plans, coupons and invites: SuperAdmin manages them, RegularAdmin only views (rules.md). */
export function canManagePlans(role: number): boolean {
  return role === SuperAdmin;
}

/** Refunds and free subscription grants are SuperAdmin actions (rules.md "Staff permissions"). */
export function canManagePayments(role: number): boolean {
  return role === SuperAdmin;
}

/** Only a SuperAdmin signs a passed interview, irreversibly (rules.md "Interviews", "Staff permissions"). */
export function canSignInterviews(role: number): boolean {
  return role === SuperAdmin;
}

/**
 * Photo sessions: admins assign tutors to Studio members and may remove a tutor's picture; a Studio
 * member only uploads, for the tutors assigned to them (rules.md "Staff permissions").
 */
export function canManageStudios(role: number): boolean {
  return isAdminRole(role);
}

/** Removing orphaned files from the store is a SuperAdmin action (the server refuses anyone else). */
export function canRemoveOrphanedMedia(role: number): boolean {
  return role === SuperAdmin;
}
