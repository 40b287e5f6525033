import type { CurrentUser } from '@hiwar/client';
import { Avatar, cn, webMessages } from '@hiwar/ui';
import { ChevronDown } from 'lucide-react';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { displayName } from './nav-items.ts';

const loadDropdown = () => import('./account-dropdown.tsx');
const AccountDropdown = lazy(async () => ({ default: (await loadDropdown()).AccountDropdown }));

/**
 * The header's account button: the avatar, the name and a chevron. The account menu's trigger, and
 * the same button before the menu's chunk has loaded (`AccountMenu`), so nothing moves when it does.
 * Named by its content, not aria-label: a labelled control's visible text (the initials of a user
 * without a picture among it) must lie inside its name, and the name is written here.
 */
export function AccountButton({
  user,
  className,
  ...props
}: { user: CurrentUser } & Omit<ComponentProps<'button'>, 'children'>) {
  const name = displayName(user);
  return (
    <button
      type="button"
      {...props}
      className={cn(
        'group flex items-center gap-2 rounded-full py-1 ps-1 pe-2 transition-colors hover:bg-surface-muted data-[state=open]:bg-surface-muted sm:pe-3',
        className,
      )}
    >
      <span className="sr-only">{webMessages.account.menu}: </span>
      <Avatar name={name} src={user.image} size="sm" decorative />
      {/* A long name is cut with an ellipsis on one line (truncating needs a box), and keeps its own
          direction: a Latin name in the Arabic header. The accessible name is the whole name. */}
      <span
        dir="auto"
        className="sr-only max-w-36 truncate align-middle text-sm font-semibold sm:not-sr-only sm:inline-block"
      >
        {name}
      </span>
      <ChevronDown
        aria-hidden="true"
        className="size-4 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
      />
    </button>
  );
}

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
        onPointerEnter={() => void loadDropdown()}
        onFocus={() => void loadDropdown()}
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
