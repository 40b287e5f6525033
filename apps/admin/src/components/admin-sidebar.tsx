import { cn, Logo, messages } from '@hiwar/ui';
import { Link, NavLink } from 'react-router';
import { ADMIN_NAV_ITEMS } from './admin-nav-items.ts';

/** Logo and navigation, shared by the fixed sidebar (lg and up) and the mobile sheet. */
export function AdminSidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="flex h-full flex-col gap-6">
      <Link to="/" onClick={onNavigate} className="self-start rounded-lg px-2">
        <Logo caption={messages.admin.title} />
      </Link>
      <nav aria-label={messages.admin.sidebar} className="flex-1">
        <ul className="flex flex-col gap-0.5">
          {ADMIN_NAV_ITEMS.map(({ to, label, icon: Icon, end }) => (
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
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
