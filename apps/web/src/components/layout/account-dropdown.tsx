import { type CurrentUser, useSession } from '@hiwar/client';
import { Role } from '@hiwar/domain';
import {
  Avatar,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  messages,
  webMessages,
} from '@hiwar/ui';
import { LayoutDashboard, LifeBuoy, LogOut, Receipt, Settings, UserRound } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useAppConfig } from '../../lib/app-config.tsx';
import { AccountButton } from './account-button.tsx';
import { displayName, isStaffUser, settingsPathFor } from './nav-items.ts';

const text = webMessages.account;

/** Role label, or nothing for a role this build does not know. */
function roleLabel(role: number): string | undefined {
  return Object.hasOwn(messages.roles, role)
    ? messages.roles[role as keyof typeof messages.roles]
    : undefined;
}

/**
 * The signed-in user's account menu: avatar, name and the account links (profile, settings for the role,
 * back office for staff, logout). A chunk of its own (the dropdown machinery with it), loaded when the
 * account button is first pointed at, focused or pressed (`SignedInAccount`); `defaultOpen` opens it at
 * once, for the press that loaded it.
 */
export function AccountDropdown({ user, defaultOpen = false }: { user: CurrentUser; defaultOpen?: boolean }) {
  const { logout } = useSession();
  const { adminUrl } = useAppConfig();
  const navigate = useNavigate();

  const name = displayName(user);
  const settingsPath = settingsPathFor(user);
  const role = roleLabel(user.role);

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AccountButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="flex items-center gap-3">
          <Avatar name={name} src={user.image} size="md" decorative />
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-bold">{name}</span>
            <span className="truncate text-xs text-muted-foreground" dir="ltr">
              {user.email}
            </span>
            {role ? <span className="mt-0.5 text-xs font-medium text-brand">{role}</span> : null}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link to="/profile">
              <UserRound aria-hidden="true" />
              {text.profile}
            </Link>
          </DropdownMenuItem>
          {user.role === Role.Student ? (
            <DropdownMenuItem asChild>
              <Link to="/payments">
                <Receipt aria-hidden="true" />
                {text.payments}
              </Link>
            </DropdownMenuItem>
          ) : null}
          {settingsPath ? (
            <DropdownMenuItem asChild>
              <Link to={settingsPath}>
                <Settings aria-hidden="true" />
                {text.settings}
              </Link>
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem asChild>
            <Link to="/reports">
              <LifeBuoy aria-hidden="true" />
              {text.reports}
            </Link>
          </DropdownMenuItem>
          {isStaffUser(user) ? (
            <DropdownMenuItem asChild>
              <a href={adminUrl}>
                <LayoutDashboard aria-hidden="true" />
                {text.adminPanel}
              </a>
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="danger"
          onSelect={() => {
            // Signs out here at once, then ends the session's tokens on the server (spec §4).
            void logout();
            void navigate('/');
          }}
        >
          <LogOut aria-hidden="true" />
          {text.logout}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
