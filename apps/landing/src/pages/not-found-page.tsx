import { NotFoundPage as NotFoundContent, siteMessages } from '@hiwar/ui';
import { HEADER_LINKS } from '../components/site-nav.ts';

/** The 404 page (served with status 404 for any unknown path), with the main pages as a way on. */
export function NotFoundPage() {
  return (
    <>
      <NotFoundContent homeHref="/" />
      <nav aria-labelledby="not-found-links" className="pb-16 text-center">
        <h2 id="not-found-links" className="text-sm font-semibold text-muted-foreground">
          {siteMessages.notFound.links}
        </h2>
        <ul className="mt-3 flex flex-wrap justify-center gap-2">
          {HEADER_LINKS.filter((link) => link.href !== '/').map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                className="inline-block rounded-full border border-border px-4 py-1.5 text-sm font-semibold text-foreground hover:bg-surface-muted"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
