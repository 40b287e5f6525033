import type { CurrentUser } from '@hiwar/client';
import { Avatar, cn, webMessages } from '@hiwar/ui';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { displayName } from './nav-items.ts';

/**
 * The header's account button: the avatar, the name and a chevron. The account menu's trigger, and
 * the same button before the menu's chunk has loaded (`SignedInAccount`), so nothing moves when it does.
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
