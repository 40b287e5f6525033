import { formatNumber, Logo, messages, PageContainer } from '@hiwar/ui';
import { Link } from 'react-router';

const nav = messages.landing.nav;
const footer = messages.landing.footer;

const COLUMNS = [
  {
    title: footer.explore,
    links: [
      { to: '/method', label: nav.method },
      { to: '/pricing', label: nav.pricing },
      { to: '/tutor', label: nav.tutor },
    ],
  },
  {
    title: footer.help,
    links: [
      { to: '/faq', label: nav.faq },
      { to: '/contact', label: nav.contact },
    ],
  },
  {
    title: footer.legal,
    links: [
      { to: '/terms', label: nav.terms },
      { to: '/privacy', label: nav.privacy },
    ],
  },
] as const;

export function SiteFooter() {
  const year = formatNumber(new Date().getFullYear(), { useGrouping: false });
  return (
    <footer className="border-t border-border bg-surface">
      <PageContainer className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="flex flex-col gap-4">
          <Link to="/" className="self-start rounded-lg" aria-label={messages.app.name}>
            <Logo />
          </Link>
          <p className="max-w-xs text-sm leading-relaxed text-muted-foreground">{footer.tagline}</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-bold text-foreground">{column.title}</h2>
            <ul className="mt-4 flex flex-col gap-2.5">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="text-sm text-muted-foreground transition-colors hover:text-brand"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </PageContainer>
      <div className="border-t border-border">
        <PageContainer className="py-5 text-sm text-muted-foreground">
          {/* The year is prerendered at build time; a build from last year must not break hydration. */}
          <p suppressHydrationWarning>
            © {year} {messages.app.name}. {footer.rights}
          </p>
        </PageContainer>
      </div>
    </footer>
  );
}
