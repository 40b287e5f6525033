import { useSession } from '@hiwar/client';
import { Button, Skeleton, webMessages } from '@hiwar/ui';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';

const SignedInAccount = lazy(async () => ({
  default: (await import('./signed-in-account.tsx')).SignedInAccount,
}));

/**
 * The header's account slot: a login link while signed out; once signed in, the account button on a
 * chunk of its own (an avatar-sized placeholder holds its place meanwhile), whose menu loads on the
 * first sign of use (`SignedInAccount`).
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

  // Keyed by the user: whoever signs in next starts with the menu closed.
  return (
    <Suspense fallback={<Skeleton className="size-10 rounded-full" />}>
      <SignedInAccount key={user.id} user={user} />
    </Suspense>
  );
}
