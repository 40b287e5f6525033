import { pageAt, renderPage } from '../entry-server.tsx';

export const TEST_SITE_URL = 'https://hiwar.example';
export const TEST_WEB_URL = 'https://app.hiwar.example';
export const TEST_API_URL = 'https://api.hiwar.example';

/**
 * Puts a page's prerendered markup in the test document, as a browser would receive it, and the
 * runtime config the server writes; islands are then mounted on it by the test.
 */
export function showPage(path: string): void {
  const { html } = renderPage(pageAt(path), { siteUrl: TEST_SITE_URL, webUrl: TEST_WEB_URL });
  document.body.innerHTML = html;
  window.__HIWAR_CONFIG__ = { apiUrl: TEST_API_URL, webUrl: TEST_WEB_URL };
}
