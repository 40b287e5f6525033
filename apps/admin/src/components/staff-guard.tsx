import { CURRENT_USER_QUERY_KEY, type CurrentUser, useSession } from '@hiwar/client';
import { adminUsersMessages, CenteredState, Spinner } from '@hiwar/ui';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isStaffRole } from '../lib/staff-access.ts';
import { ErrorState } from './error-state.tsx';
import { ForbiddenScreen } from './forbidden-screen.tsx';

/** `/login?redirect=…` back to where the visitor was, or plain `/login` from the dashboard. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const target = `${location.pathname}${location.search}`;
  return target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
}

/**
 * Lets only signed-in staff with a verified e-mail into the shell. Signed out → login (coming back
 * here afterwards); a student or tutor → a forbidden screen (spec §6) with a way to switch account;
 * staff with an unverified e-mail → `/verify-email`.
 */
export function StaffGuard({ children }: { children: ReactNode }) {
  const { isAuthenticated, user, isLoadingUser } = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();

  if (!isAuthenticated) {
    return <Navigate to={loginPathFor(location)} replace />;
  }
  if (!user && !isLoadingUser) {
    // Signed in, nothing stored, and the first "who am I" failed (offline, server down).
    const failure = queryClient.getQueryState(CURRENT_USER_QUERY_KEY)?.error;
    return (
      <CenteredState className="min-h-dvh">
        <ErrorState
          headingLevel="h1"
          title={adminUsersMessages.guard.loadFailed}
          error={failure}
          onRetry={() => void queryClient.refetchQueries({ queryKey: CURRENT_USER_QUERY_KEY })}
        />
      </CenteredState>
    );
  }
  if (!user) {
    return (
      <CenteredState className="min-h-dvh">
        <Spinner size="lg" className="text-brand" label={adminUsersMessages.guard.checking} />
      </CenteredState>
    );
  }
  if (!isStaffRole(user.role)) {
    return <ForbiddenScreen user={user} />;
  }
  if (!user.verifiedEmail) {
    return <Navigate to="/verify-email" replace />;
  }
  return children;
}

/** The signed-in staff member inside the guarded shell. */
export function useStaffUser(): CurrentUser {
  const { user } = useSession();
  if (!user) {
    throw new Error('useStaffUser must be used inside <StaffGuard>');
  }
  return user;
}
