import { gzipSync } from 'node:zlib';

/**
 * The landing site's budget for what a first visit to a page downloads before it works: its scripts
 * and stylesheets, gzip-compressed (issue 13: ≤ 50 KB on `/`). Fonts, images and the HTML itself are
 * not counted.
 */
export const FIRST_LOAD_BUDGET_BYTES = 50 * 1024;

/** The scripts and stylesheets a page's HTML loads: module and classic scripts, stylesheets, preloads. */
export function firstLoadAssets(html: string): string[] {
  const found = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="(?:stylesheet|modulepreload)"[^>]*\bhref="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="(?:stylesheet|modulepreload)"/g),
  ].map((match) => match[1] as string);
  return [...new Set(found)];
}

/** Bytes of `content` gzip-compressed at the highest level (what a server would send). */
export function gzipSize(content: Uint8Array | string): number {
  return gzipSync(content, { level: 9 }).length;
}
