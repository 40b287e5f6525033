import { formatNumber, Logo, landingMessages, messages, PageContainer, siteMessages } from '@hiwar/ui';

const nav = landingMessages.nav;
const footer = landingMessages.footer;

export const FOOTER_COLUMNS = [
  {
    title: footer.explore,
    links: [
      { href: '/method', label: nav.method },
      { href: '/pricing', label: nav.pricing },
      { href: '/tutor', label: nav.tutor },
    ],
  },
  {
    title: footer.help,
    links: [
      { href: '/faq/student', label: siteMessages.footer.faqStudent },
      { href: '/faq/tutor', label: siteMessages.footer.faqTutor },
      { href: '/contact', label: nav.contact },
    ],
  },
  {
    title: footer.legal,
    links: [
      { href: '/terms', label: nav.terms },
      { href: '/privacy', label: nav.privacy },
    ],
  },
] as const;

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border bg-surface">
      <PageContainer className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="flex flex-col gap-4">
          <a href="/" className="self-start rounded-lg" aria-label={messages.app.name}>
            <Logo />
          </a>
          <p className="max-w-xs text-sm leading-relaxed text-muted-foreground">{footer.tagline}</p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-bold text-foreground">{column.title}</h2>
            <ul className="mt-4 flex flex-col gap-1">
              {column.links.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    className="inline-block py-1 text-sm text-muted-foreground transition-colors hover:text-brand"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </PageContainer>
      <div className="border-t border-border">
        <PageContainer className="py-5 text-sm text-muted-foreground">
          <p>
            {/* Written at build time; src/islands/site.ts corrects it when the build is older than the year. */}
            © <span data-current-year={year}>{formatNumber(year, { useGrouping: false })}</span>{' '}
            {messages.app.name}. {footer.rights}
          </p>
        </PageContainer>
      </div>
    </footer>
  );
}
