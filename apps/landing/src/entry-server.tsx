import { renderToString } from 'react-dom/server';
import { SiteLayout } from './components/site-layout.tsx';
import { renderHeadTags } from './site/head-tags.ts';
import { NOT_FOUND_PAGE, SITE_PAGES, type SitePage } from './site/pages.tsx';
import { SiteProvider } from './site/site-context.tsx';

export { canonicalUrl } from './site/head-tags.ts';
export { leadSourceRedirect, leadSourceRedirects, NOT_FOUND_PAGE, SITE_PAGES } from './site/pages.tsx';
export { SITE_ORIGIN_PLACEHOLDER, WEB_ORIGIN_PLACEHOLDER } from './site/site-context.tsx';

export interface RenderedPage {
  /** Markup for `<body>` (the page, its header and footer). */
  html: string;
  /** Tags for `<head>`: title, description, canonical, Open Graph. */
  head: string;
}

export interface RenderOptions {
  siteUrl: string;
  webUrl: string;
}

/**
 * Renders one page to static HTML; scripts/prerender.ts calls it for every page at build time. React
 * runs only here: the browser gets the HTML and, on pages that need one, a small script island.
 */
export function renderPage(page: SitePage, options: RenderOptions): RenderedPage {
  const isNotFound = page === NOT_FOUND_PAGE;
  const html = renderToString(
    <SiteProvider value={{ siteUrl: options.siteUrl, webUrl: options.webUrl, path: page.path }}>
      <SiteLayout>{page.render()}</SiteLayout>
    </SiteProvider>,
  );
  return { html, head: renderHeadTags(page, { siteUrl: options.siteUrl, noindex: isNotFound }) };
}

/** The page served at a path (with or without a trailing slash), or the 404 page. */
export function pageAt(path: string): SitePage {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return SITE_PAGES.find((page) => page.path === normalized) ?? NOT_FOUND_PAGE;
}
