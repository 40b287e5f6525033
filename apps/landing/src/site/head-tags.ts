import { landingMessages } from '@hiwar/ui';
import type { SitePage } from './pages.tsx';

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A page's public address: the site's origin and its path (the home page keeps its `/`). */
export function canonicalUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * A page's `<head>` tags: title, description, canonical address and Open Graph / Twitter tags, in
 * Arabic. The 404 page is `noindex` and names no canonical address.
 */
export function renderHeadTags(page: SitePage, options: { siteUrl: string; noindex?: boolean }): string {
  const title = escapeAttribute(page.title);
  const description = escapeAttribute(page.description);
  const tags = [`<title>${title}</title>`, `<meta name="description" content="${description}" />`];
  if (options.noindex) {
    tags.push('<meta name="robots" content="noindex" />');
  } else {
    tags.push(`<link rel="canonical" href="${escapeAttribute(canonicalUrl(options.siteUrl, page.path))}" />`);
  }
  tags.push(
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${escapeAttribute(landingMessages.meta.siteName)}" />`,
    '<meta property="og:locale" content="ar_EG" />',
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
  );
  if (!options.noindex) {
    tags.push(
      `<meta property="og:url" content="${escapeAttribute(canonicalUrl(options.siteUrl, page.path))}" />`,
    );
  }
  tags.push(
    '<meta name="twitter:card" content="summary" />',
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  );
  return tags.join('\n    ');
}
