import { type RefObject, useEffect, useRef } from 'react';

/**
 * The focus of a page's `<main>` (with `tabIndex={-1}`) across screens, for both apps' shells. Give it
 * the current path; put the returned ref on `<main>`.
 *
 * A navigation that took the focused element away with the old screen (a link or button in it, a
 * dialog that booked and moved on) puts the focus on `<main>`: the next Tab starts in the new
 * screen's content instead of at the top of the document. A screen that focuses something itself
 * (an `autoFocus` field) and a link that stays (the header's) keep their focus.
 */
export function useMainFocus(pathname: string): RefObject<HTMLElement | null> {
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
