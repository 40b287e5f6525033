import { landingMessages } from '@hiwar/ui';

const nav = landingMessages.nav;

/** The header's links (and the mobile menu's). */
export const HEADER_LINKS = [
  { href: '/', label: nav.home },
  { href: '/tutor', label: nav.tutor },
  { href: '/pricing', label: nav.pricing },
  { href: '/faq', label: nav.faq },
  { href: '/contact', label: nav.contact },
] as const;

/** Whether a header link is the current page's (the FAQ link stays current on /faq/{role}). */
export function isCurrent(linkHref: string, path: string): boolean {
  return linkHref === '/' ? path === '/' : path === linkHref || path.startsWith(`${linkHref}/`);
}
