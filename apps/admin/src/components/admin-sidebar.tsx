import { adminMessages, cn, formatNumber, Logo, ThemeToggle } from '@hiwar/ui';
import { Link, NavLink } from 'react-router';
import { canOpenSection } from '../lib/staff-access.ts';
import { type AdminNavItem, navItemsFor } from './admin-nav-items.ts';
import { SidebarAccount } from './sidebar-account.tsx';
import { useStaffUser } from './staff-guard.tsx';
import { useSupportCounts } from './support-counts.ts';

export interface AdminSidebarContentProps {
  onNavigate?: () => void;
  /** The fixed sidebar has the theme switch by the logo; the mobile sheet has it in the top bar. */
  showThemeToggle?: boolean;
}

/**
 * Logo, the sections the signed-in role may use, and the account block: shared by the fixed sidebar
 * (lg and up) and the mobile sheet.
 */
export function AdminSidebarContent({ onNavigate, showThemeToggle = false }: AdminSidebarContentProps) {
  const user = useStaffUser();
  const counts = useSupportCounts(canOpenSection(user.role, 'reports'));
  return (
    <div className="flex h-full flex-col gap-5">
      <div className="flex items-center justify-between gap-2">
        <Link to="/" onClick={onNavigate} className="rounded-lg px-2">
          <Logo caption={adminMessages.title} />
        </Link>
        {showThemeToggle ? <ThemeToggle size="icon-sm" /> : null}
      </div>
      <nav aria-label={adminMessages.sidebar} className="-mx-1 flex-1 overflow-y-auto px-1">
        <ul className="flex flex-col gap-0.5">
          {navItemsFor(user.role).map(({ to, label, icon: Icon, end, badge }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-semibold transition-colors',
                    isActive
                      ? 'bg-brand-soft text-brand-soft-foreground'
                      : 'text-muted-foreground hover:bg-surface-muted hover:text-foreground',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-[1.125rem] shrink-0" />
                {label}
                <NavBadge kind={badge} counts={counts} />
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <SidebarAccount onNavigate={onNavigate} />
    </div>
  );
}

/** The live count beside an entry (open reports, waiting contact requests); nothing when zero. */
function NavBadge({
  kind,
  counts,
}: {
  kind: AdminNavItem['badge'];
  counts: { reports: number; contactRequests: number };
}) {
  const count = kind ? counts[kind] : 0;
  if (!kind || count === 0) {
    return null;
  }
  const label =
    kind === 'reports' ? adminMessages.badges.reports(count) : adminMessages.badges.requests(count);
  return (
    <span className="ms-auto inline-flex min-w-6 items-center justify-center rounded-full bg-danger px-1.5 text-xs font-bold text-danger-foreground">
      <span aria-hidden="true">{formatNumber(count)}</span>
      <span className="sr-only">({label})</span>
    </span>
  );
}
