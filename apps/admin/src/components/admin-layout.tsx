import { adminMessages, Logo, messages, ThemeToggle, useMainFocus } from '@hiwar/ui';
import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AdminMobileMenu } from './admin-mobile-menu.tsx';
import { AdminSidebarContent } from './admin-sidebar.tsx';
import { StaffGuard } from './staff-guard.tsx';

/**
 * The back-office shell, behind the staff guard: a fixed sidebar at the inline start from `lg`, and
 * below that a top bar whose menu button opens the same navigation in a sheet (loaded on demand).
 */
export function AdminLayout() {
  return (
    <StaffGuard>
      <AdminShell />
    </StaffGuard>
  );
}

function AdminShell() {
  const main = useMainFocus(useLocation().pathname);
  return (
    <div className="min-h-dvh bg-background lg:grid lg:grid-cols-[16rem_1fr]">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand px-4 py-2 font-semibold text-brand-foreground focus:not-sr-only focus:fixed focus:start-4 focus:top-3"
      >
        {messages.common.skipToContent}
      </a>

      <aside className="sticky top-0 hidden h-dvh flex-col border-e border-border bg-surface px-3 py-5 lg:flex">
        <AdminSidebarContent showThemeToggle />
      </aside>

      <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-border bg-background/85 px-4 backdrop-blur-md lg:hidden">
        <AdminMobileMenu />
        <Link to="/" className="rounded-lg">
          <Logo caption={adminMessages.title} />
        </Link>
        <ThemeToggle className="ms-auto" />
      </header>

      <main
        ref={main}
        id="main"
        tabIndex={-1}
        className="min-w-0 px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-10"
      >
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}
