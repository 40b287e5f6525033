import { useSession } from '@hiwar/client';
import { messages } from '@hiwar/ui';
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { SiteHeader } from '../components/layout/site-header.tsx';

/** Signed-in only, on its own chunk: a visitor's first screen does not download it (issue 16). */
const LiveEvents = lazy(async () => ({
  default: (await import('../components/layout/live-events.tsx')).LiveEvents,
}));

/**
 * A navigation that took the focused element away with the old screen (a link or button in it, a
 * dialog that booked and moved on) puts the focus on `<main>`: the next Tab starts in the new
 * screen's content instead of at the top of the document. A screen that focuses something itself
 * (an `autoFocus` field) and a link that stays (the header's) keep their focus.
 */
function useFocusAfterNavigation() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) {
      return;
    }
    shown.current = pathname;
    const active = document.activeElement;
    if (active === null || active === document.body) {
      main.current?.focus({ preventScroll: true });
    }
  }, [pathname]);
  useFocusKeptWhenRemoved(main);
  return main;
}

/**
 * The same without a navigation: when the focused element leaves the page (a lesson card gone with
 * its cancelled lesson, a row deleted, an action button its own action removed), the browser drops
 * the focus to the document's body, and the next Tab would start at the top. The focus goes to the
 * nearest container it was in that is still on the page and takes the focus (`tabindex`, as a
 * withdrawal's card has), else to `<main>`. Browsers fire no event for a removed element, so the
 * removal itself is watched.
 */
function useFocusKeptWhenRemoved(main: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const container = main.current;
    if (!container) {
      return;
    }
    let focused: Element | null = null;
    let ancestors: HTMLElement[] = [];
    const remember = (event: FocusEvent) => {
      focused = event.target instanceof Element ? event.target : null;
      ancestors = [];
      for (
        let element = focused?.parentElement ?? null;
        element && element !== container;
        element = element.parentElement
      ) {
        if (element.hasAttribute('tabindex')) {
          ancestors.push(element);
        }
      }
    };
    const observer = new MutationObserver(() => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && focused !== null && !focused.isConnected && container.isConnected) {
        focused = null;
        const nearest = ancestors.find((element) => element.isConnected) ?? container;
        nearest.focus({ preventScroll: nearest === container });
      }
    });
    document.addEventListener('focusin', remember);
    observer.observe(container, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', remember);
      observer.disconnect();
    };
  }, [main]);
}

export function RootLayout() {
  const { isAuthenticated } = useSession();
  const [unreadChats, setUnreadChats] = useState(0);
  const main = useFocusAfterNavigation();
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
