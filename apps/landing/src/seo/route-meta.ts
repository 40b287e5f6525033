import { messages } from '@hiwar/ui';

const meta = messages.landing.meta;

export interface RouteMeta {
  title: string;
  description: string;
  /** Kept out of search results (the 404 page). */
  noindex?: boolean;
}

/** Routes written to static HTML at build time; each must render the same markup in the browser. */
export const PRERENDER_ROUTES = ['/', '/pricing', '/404'] as const;

const ROUTE_META: Readonly<Record<string, RouteMeta>> = {
  '/': { title: meta.homeTitle, description: meta.homeDescription },
  '/pricing': {
    title: messages.checkout.pricing.metaTitle,
    description: messages.checkout.pricing.metaDescription,
  },
};

const NOT_FOUND_META: RouteMeta = {
  title: meta.notFoundTitle,
  description: meta.notFoundDescription,
  noindex: true,
};

export function metaFor(pathname: string): RouteMeta {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTE_META[path] ?? NOT_FOUND_META;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * `<head>` tags of a prerendered page: title, description and Open Graph / Twitter tags in Arabic.
 * `siteUrl` (the landing origin, when known at build time) adds canonical and `og:url`.
 */
export function renderHeadTags(pathname: string, siteUrl?: string): string {
  const { title, description, noindex } = metaFor(pathname);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(meta.siteName)}" />`,
    `<meta property="og:locale" content="ar_EG" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
  ];
  if (noindex) {
    tags.push('<meta name="robots" content="noindex" />');
  } else if (siteUrl) {
    const url = `${siteUrl.replace(/\/+$/, '')}${pathname}`;
    tags.push(
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
    );
  }
  return tags.join('\n    ');
}
