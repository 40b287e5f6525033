import { createContext, type ReactNode, use } from 'react';

/**
 * Origins the build may not know: the prerender writes these placeholders, and the landing server
 * replaces them with the deployment's public addresses (see apps/server/src/plugins/static-site.ts),
 * so one build runs anywhere. A build told `HIWAR_LANDING_URL` / `HIWAR_WEB_URL` writes them instead.
 */
export const SITE_ORIGIN_PLACEHOLDER = 'https://site.hiwar.invalid';
export const WEB_ORIGIN_PLACEHOLDER = 'https://web.hiwar.invalid';

export interface SiteContextValue {
  /** The landing site's origin, for canonical addresses. */
  siteUrl: string;
  /** The web app's origin, for sign-up, login and subscription links. */
  webUrl: string;
  /** The path being rendered, without a trailing slash (`/` for home). */
  path: string;
}

const SiteContext = createContext<SiteContextValue>({
  siteUrl: SITE_ORIGIN_PLACEHOLDER,
  webUrl: WEB_ORIGIN_PLACEHOLDER,
  path: '/',
});

export function SiteProvider({ value, children }: { value: SiteContextValue; children: ReactNode }) {
  return <SiteContext value={value}>{children}</SiteContext>;
}

export function useSite(): SiteContextValue {
  return use(SiteContext);
}

/** An address in the web app, e.g. `useWebHref('/register/tutor')`. */
export function useWebHref(path: string): string {
  return `${useSite().webUrl}${path}`;
}
