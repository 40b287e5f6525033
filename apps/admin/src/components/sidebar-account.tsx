import { useSession } from '@hiwar/client';
import { Avatar, adminUsersMessages, Button } from '@hiwar/ui';
import { LogOut } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { displayName, roleLabel } from '../lib/labels.ts';
import { useStaffUser } from './staff-guard.tsx';

const text = adminUsersMessages.account;

/** Bottom of the sidebar: who is signed in (avatar, name, role) with links to settings and logout. */
export function SidebarAccount({ onNavigate }: { onNavigate?: (() => void) | undefined }) {
  const user = useStaffUser();
  const { logout } = useSession();
  const navigate = useNavigate();
  const name = displayName(user);

  return (
    <section aria-label={text.region} className="flex items-center gap-1 border-t border-border pt-3">
      <Link
        to="/user-settings"
        onClick={onNavigate}
        title={text.settings}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl p-2 transition-colors hover:bg-surface-muted"
      >
        {/* Decorative here: the name is written next to it. */}
        <span aria-hidden="true" className="flex shrink-0">
          <Avatar decorative name={name} src={user.image} size="md" />
        </span>
        <span className="flex min-w-0 flex-col leading-5">
          <span className="truncate text-sm font-bold text-foreground">
            <bdi dir="auto">{name}</bdi>
          </span>
          <span className="truncate text-xs text-muted-foreground">{roleLabel(user.role)}</span>
        </span>
      </Link>
      <Button
        variant="ghost"
        size="icon"
        aria-label={text.logout}
        title={text.logout}
        className="text-muted-foreground hover:text-danger"
        onClick={() => {
          onNavigate?.();
          void logout();
          void navigate('/login', { replace: true });
        }}
      >
        <LogOut aria-hidden="true" />
      </Button>
    </section>
  );
}
