import type { CurrentUser } from '@hiwar/client';
import { preloadOnIntent } from '@hiwar/ui';
import { lazy, Suspense, useState } from 'react';
import { AccountButton } from './account-button.tsx';

const loadDropdown = () => import('./account-dropdown.tsx');
const AccountDropdown = lazy(async () => ({ default: (await loadDropdown()).AccountDropdown }));

/**
 * A signed-in user's account slot (a chunk of its own, which a visitor's first screen never loads):
 * the account button, whose menu's chunk (Radix's menu and floating-ui with it) is fetched once the
 * button is pointed at or focused; the press shows the menu, open. Until then, no screen loads it.
 */
export function SignedInAccount({ user }: { user: CurrentUser }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) {
    return (
      <AccountButton
        user={user}
        aria-haspopup="menu"
        aria-expanded={false}
        {...preloadOnIntent(loadDropdown)}
        onClick={() => setWanted(true)}
      />
    );
  }
  return (
    <Suspense fallback={<AccountButton user={user} aria-haspopup="menu" aria-expanded={false} />}>
      <AccountDropdown user={user} defaultOpen />
    </Suspense>
  );
}
