import { cn, formatNumber, webMessages } from '@hiwar/ui';
import { NavLink } from 'react-router';
import type { NavItem } from './nav-items.ts';

export interface MainNavProps {
  items: readonly NavItem[];
  label: string;
  orientation?: 'horizontal' | 'vertical';
  onNavigate?: () => void;
  className?: string;
}

/** The role's links; the current page is marked with `aria-current` (NavLink) and a brand tint. */
export function MainNav({ items, label, orientation = 'horizontal', onNavigate, className }: MainNavProps) {
  const vertical = orientation === 'vertical';
  return (
    <nav aria-label={label} className={className}>
      <ul className={cn('flex', vertical ? 'flex-col gap-1' : 'items-center gap-1')}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center rounded-lg font-semibold transition-colors',
                  vertical ? 'px-3 py-2.5 text-base' : 'px-3 py-2 text-sm',
                  isActive
                    ? 'bg-brand-soft text-brand-soft-foreground'
                    : 'text-muted-foreground hover:bg-surface-muted hover:text-foreground',
                )
              }
            >
              {item.label}
              {item.badge ? (
                <span className="ms-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand px-1.5 text-xs font-bold text-brand-foreground">
                  <span aria-hidden="true">{formatNumber(item.badge)}</span>
                  <span className="sr-only">{webMessages.nav.unread(item.badge)}</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
