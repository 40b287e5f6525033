import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app.tsx';
import { renderHeadTags } from './seo/route-meta.ts';

export { PRERENDER_ROUTES } from './seo/route-meta.ts';

export interface RenderedPage {
  /** Markup for inside `<div id="root">`. */
  html: string;
  /** Tags for `<head>`: title, description, Open Graph. */
  head: string;
}

/** Renders one path to static HTML; called by scripts/prerender.ts at build time. */
export function render(url: string, options: { siteUrl?: string } = {}): RenderedPage {
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  return { html, head: renderHeadTags(url, options.siteUrl) };
}
