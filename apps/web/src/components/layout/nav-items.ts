import type { CurrentUser } from '@hiwar/client';
import { isStaff, isTutorLike, Role } from '@hiwar/domain';
import { webMessages } from '@hiwar/ui';

export interface NavItem {
  to: string;
  label: string;
  /** A count shown on the link (unread chat messages); none when 0 or absent. */
  badge?: number;
}

const nav = webMessages.nav;

const guestNav: readonly NavItem[] = [{ to: '/tutors', label: nav.tutors }];

const studentNav: readonly NavItem[] = [
  { to: '/s/dashboard', label: nav.dashboard },
  { to: '/tutors', label: nav.tutors },
  { to: '/upcoming-lessons', label: nav.upcomingLessons },
  { to: '/chat', label: nav.chat },
  { to: '/subscription', label: nav.subscription },
];

const tutorNav: readonly NavItem[] = [
  { to: '/t/dashboard', label: nav.dashboard },
  { to: '/tutor/onboarding', label: nav.onboarding },
  { to: '/schedule-management', label: nav.scheduleManagement },
  { to: '/lessons-schedule', label: nav.lessonsSchedule },
  { to: '/interviews', label: nav.interviews },
  { to: '/invoices', label: nav.invoices },
  { to: '/chat', label: nav.chat },
];

/** TutorManagers teach and conduct interviews; they have no onboarding. */
const tutorManagerNav: readonly NavItem[] = tutorNav.filter((item) => item.to !== '/tutor/onboarding');

function asRole(role: number): Role | null {
  return (Object.values(Role) as number[]).includes(role) ? (role as Role) : null;
}

/**
 * The header links for who is signed in. TutorManagers teach too, so they get the tutor's links; other
 * staff use the back office and see the public links here (plus an admin link in the account menu).
 */
export function navItemsFor(user: CurrentUser | null): readonly NavItem[] {
  const role = user ? asRole(user.role) : null;
  if (role === Role.Student) {
    return studentNav;
  }
  if (role === Role.TutorManager) {
    return tutorManagerNav;
  }
  if (role !== null && isTutorLike(role)) {
    return tutorNav;
  }
  return guestNav;
}

/** Dashboard of the role, where "home" leads once signed in. */
export function dashboardPathFor(user: CurrentUser | null): string | null {
  const role = user ? asRole(user.role) : null;
  if (role === Role.Student) {
    return '/s/dashboard';
  }
  if (role !== null && isTutorLike(role)) {
    return '/t/dashboard';
  }
  return null;
}

/** Settings screen of the role; staff have none in this app. */
export function settingsPathFor(user: CurrentUser): string | null {
  const role = asRole(user.role);
  if (role === Role.Student) {
    return '/s/settings';
  }
  if (role !== null && isTutorLike(role)) {
    return '/t/settings';
  }
  return null;
}

export function isStaffUser(user: CurrentUser): boolean {
  const role = asRole(user.role);
  return role !== null && isStaff(role);
}

/** The name to show; a user who has not completed their profile yet has none. */
export function displayName(user: CurrentUser): string {
  return user.name?.trim() || webMessages.account.unnamed;
}
