import type { CurrentUser } from '@hiwar/client';
import { isStaff, isTutorLike, type Role } from '@hiwar/domain';
import { dashboardPathFor } from '../../../components/layout/nav-items.ts';

/** Pages a sign-in must never send the user back to: they would loop or make no sense signed in. */
const AUTH_PAGES = ['/login', '/register', '/forget-password', '/reset-password'];

/**
 * The `?redirect=` target when it is a path of this app, else `null`. Only same-origin paths pass: an
 * absolute URL, a protocol-relative `//host` or a backslash trick would turn the login page into an open
 * redirect.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return null;
  }
  const pathname = value.split(/[?#]/)[0] ?? value;
  if (AUTH_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`))) {
    return null;
  }
  return value;
}

/** The signed-in home of a role: the student or tutor dashboard, else the home page. */
export function homePathFor(user: CurrentUser | null): string {
  return dashboardPathFor(user) ?? '/';
}

/** Staff other than TutorManagers work in the back office; this app only links them there. */
export function isBackOfficeUser(user: CurrentUser): boolean {
  const role = user.role as Role;
  return isStaff(role) && !isTutorLike(role);
}

/**
 * Where a signed-in user lands after login: the page they came from, else their dashboard. `null` for
 * back-office staff, who are shown the way to the admin app instead.
 */
export function destinationAfterSignIn(user: CurrentUser, redirect: string | null): string | null {
  if (isBackOfficeUser(user)) {
    return null;
  }
  return safeRedirect(redirect) ?? homePathFor(user);
}

/** The profile fields each role must have before the app stops asking (rules.md "Tutors"). */
export function missingProfileFields(user: CurrentUser): string[] {
  const missing: string[] = [];
  if (!user.name) {
    missing.push('name');
  }
  if (user.city === null) {
    missing.push('city');
  }
  if (!user.phone) {
    missing.push('phone');
  }
  if (isTutorLike(user.role as Role)) {
    if (!user.gender) {
      missing.push('gender');
    }
    if (user.birthYear === null) {
      missing.push('birthYear');
    }
  }
  return missing;
}

/** The complete-profile page of the user's role, when something is missing; else `null`. */
export function completeProfilePathFor(user: CurrentUser): string | null {
  if (missingProfileFields(user).length === 0 || isBackOfficeUser(user)) {
    return null;
  }
  return isTutorLike(user.role as Role) ? '/t/complete-profile' : '/complete-profile';
}

/**
 * `path` carrying `?redirect=<redirect>` when the redirect is safe (see {@link safeRedirect}), so the
 * destination of an invitation or a private page survives each step of sign-up; `path` alone otherwise.
 */
export function withRedirect(path: string, redirect: string | null | undefined): string {
  const target = safeRedirect(redirect);
  if (!target) {
    return path;
  }
  return `${path}${path.includes('?') ? '&' : '?'}redirect=${encodeURIComponent(target)}`;
}

/**
 * After the e-mail is verified: complete the profile if needed (carrying `redirect` on), else `redirect`
 * when it is safe, else the dashboard.
 */
export function pathAfterVerification(user: CurrentUser, redirect?: string | null): string {
  const completeProfile = completeProfilePathFor(user);
  if (completeProfile) {
    return withRedirect(completeProfile, redirect);
  }
  return safeRedirect(redirect) ?? homePathFor(user);
}
