/**
 * Filling the HTML template (index.html as Vite built it) with a rendered page: its head tags, its
 * markup, and the scripts of the islands it contains. Shared by the prerender and the dev server.
 */

/** Which page islands (`data-island="…"`) a page's markup contains, in order of appearance. */
export function islandsIn(html: string): string[] {
  return [...new Set([...html.matchAll(/data-island="([a-z-]+)"/g)].map((match) => match[1] as string))];
}

/**
 * The scripts some pages add to the one every page loads (`src/islands/site.ts`, from index.html):
 * a page holding `data-island="faq"` gets `src/islands/faq.ts`. `config`: the island reads
 * `/runtime-config.js` (the API's or the web app's address), which the page then loads first.
 */
export const PAGE_ISLANDS = {
  faq: { source: 'src/islands/faq.ts', config: false },
  contact: { source: 'src/islands/contact.ts', config: true },
  pricing: { source: 'src/islands/pricing.ts', config: true },
} as const;

export type PageIsland = keyof typeof PAGE_ISLANDS;

export function isPageIsland(name: string): name is PageIsland {
  return Object.hasOwn(PAGE_ISLANDS, name);
}

const MARKERS = ['<!--app-head-->', '<!--app-html-->', '<!--app-scripts-->'] as const;

export function assertTemplate(template: string): void {
  for (const marker of MARKERS) {
    if (!template.includes(marker)) {
      throw new Error(`The landing template lacks ${marker}; was index.html changed?`);
    }
  }
}

export function fillTemplate(
  template: string,
  parts: { head: string; html: string; scripts: string },
): string {
  return template
    .replace('<!--app-head-->', () => parts.head)
    .replace('<!--app-html-->', () => parts.html)
    .replace('<!--app-scripts-->', () => parts.scripts);
}
