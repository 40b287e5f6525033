import { useSession } from '@hiwar/client';
import { messages, useMainFocus } from '@hiwar/ui';
import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { SiteHeader } from '../components/layout/site-header.tsx';

/** Signed-in only, on its own chunk: a visitor's first screen does not download it (issue 16). */
const LiveEvents = lazy(async () => ({
  default: (await import('../components/layout/live-events.tsx')).LiveEvents,
}));

export function RootLayout() {
  const { isAuthenticated } = useSession();
  const [unreadChats, setUnreadChats] = useState(0);
  const main = useMainFocus(useLocation().pathname);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand px-4 py-2 font-semibold text-brand-foreground focus:not-sr-only focus:fixed focus:start-4 focus:top-3"
      >
        {messages.common.skipToContent}
      </a>
      <SiteHeader unreadChats={unreadChats} />
      <main ref={main} id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      {isAuthenticated ? (
        <Suspense fallback={null}>
          <LiveEvents onUnreadChats={setUnreadChats} />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </div>
  );
}
