import { useSession } from '@hiwar/client';
import { Button, Skeleton, webMessages } from '@hiwar/ui';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';

const AccountDropdown = lazy(async () => ({
  default: (await import('./account-dropdown.tsx')).AccountDropdown,
}));

/**
 * The header's account slot: a login link while signed out; once signed in, the account menu, loaded
 * on its own chunk (an avatar-sized placeholder holds its place meanwhile).
 */
export function AccountMenu() {
  const { user } = useSession();

  if (!user) {
    return (
      <div className="flex items-center gap-2">
        <Button asChild variant="ghost" className="max-sm:hidden">
          <Link to="/login">{webMessages.nav.login}</Link>
        </Button>
        <Button asChild>
          <Link to="/register/student">{webMessages.nav.register}</Link>
        </Button>
      </div>
    );
  }

  return (
    <Suspense fallback={<Skeleton className="size-10 rounded-full" />}>
      <AccountDropdown user={user} />
    </Suspense>
  );
}
