import { CURRENT_USER_QUERY_KEY, useSession } from '@hiwar/client';
import type { Role } from '@hiwar/domain';
import { Button, CenteredState, EmptyState, messages, Spinner, webMessages } from '@hiwar/ui';
import { useQueryClient } from '@tanstack/react-query';
import { CloudOff, ShieldAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { loginPathFrom } from '../lib/login-path.ts';
import { homePathFor } from '../lib/redirects.ts';

const text = webMessages.guard;

export interface RequireAuthProps {
  /** Roles allowed here; any signed-in user when omitted. */
  roles?: readonly Role[];
  /** The guarded screen; the route's `<Outlet />` when omitted (as a layout route). */
  children?: ReactNode;
}

/**
 * Private routes: a signed-out visitor (no valid token, spec §6) goes to `/login?redirect=<here>`; a
 * signed-in user of another role sees a friendly forbidden state (spec §6: use another account or
 * contact an admin), never a blank page.
 */
export function RequireAuth({ roles, children }: RequireAuthProps) {
  const { isAuthenticated, isLoadingUser, user } = useSession();
  const location = useLocation();

  if (!isAuthenticated) {
    return <Navigate to={loginPathFrom(`${location.pathname}${location.search}`)} replace />;
  }
  if (!user) {
    return isLoadingUser ? (
      <CenteredState>
        <Spinner size="lg" className="text-brand" />
      </CenteredState>
    ) : (
      <AccountLoadFailed />
    );
  }
  if (roles && !roles.includes(user.role)) {
    return <ForbiddenState />;
  }
  return children ?? <Outlet />;
}

/** Signed in, but the account could not be loaded (offline, server down) and nothing is stored. */
function AccountLoadFailed() {
  const queryClient = useQueryClient();
  const [retrying, setRetrying] = useState(false);
  return (
    <EmptyState
      icon={<CloudOff />}
      headingLevel="h1"
      title={text.loadFailedTitle}
      description={text.loadFailedText}
      className="min-h-[50vh] justify-center"
      action={
        <Button
          loading={retrying}
          onClick={() => {
            setRetrying(true);
            void queryClient
              .refetchQueries({ queryKey: CURRENT_USER_QUERY_KEY })
              .finally(() => setRetrying(false));
          }}
        >
          {messages.common.retry}
        </Button>
      }
    />
  );
}

/** What a signed-in user sees on a page their role may not open. */
export function ForbiddenState() {
  const { user, logout } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <EmptyState
      icon={<ShieldAlert />}
      headingLevel="h1"
      title={text.forbiddenTitle}
      description={text.forbiddenText}
      className="min-h-[50vh] justify-center"
      action={
        <>
          <Button
            onClick={() => {
              const back = loginPathFrom(`${location.pathname}${location.search}`);
              void logout();
              void navigate(back);
            }}
          >
            {text.switchAccount}
          </Button>
          <Button asChild variant="secondary">
            <Link to={homePathFor(user)}>{text.backHome}</Link>
          </Button>
        </>
      }
    />
  );
}
