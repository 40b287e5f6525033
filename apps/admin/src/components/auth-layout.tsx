import { adminMessages, Logo, ThemeToggle } from '@hiwar/ui';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

/** One centred card with the logo, outside the back-office shell. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <div className="flex justify-end p-4">
        <ThemeToggle />
      </div>
      <main
        id="main"
        className="flex flex-1 items-start justify-center px-4 pb-16 pt-2 sm:items-center sm:pt-0"
      >
        <div className="w-full max-w-md rounded-2xl border border-border bg-surface p-6 shadow-card sm:p-8">
          <div className="mb-6 flex justify-center">
            <Logo size="lg" caption={adminMessages.title} />
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}

/** Screens outside the shell (login, e-mail verification). */
export function AuthLayout() {
  return (
    <AuthShell>
      <Outlet />
    </AuthShell>
  );
}
