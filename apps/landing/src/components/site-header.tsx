import {
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogTrigger,
  Logo,
  messages,
  PageContainer,
  ThemeToggle,
} from '@hiwar/ui';
import { Menu } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useRuntimeConfig } from '../config.ts';

const nav = messages.landing.nav;

export const HEADER_LINKS = [
  { to: '/', label: nav.home },
  { to: '/tutor', label: nav.tutor },
  { to: '/pricing', label: nav.pricing },
  { to: '/faq', label: nav.faq },
  { to: '/contact', label: nav.contact },
] as const;

function HeaderNav({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  return (
    <nav aria-label={nav.main}>
      <ul className={cn('flex', vertical ? 'flex-col gap-1' : 'items-center gap-1')}>
        {HEADER_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex rounded-lg font-semibold transition-colors',
                  vertical ? 'px-3 py-2.5 text-base' : 'px-3 py-2 text-sm',
                  isActive
                    ? 'text-brand'
                    : 'text-muted-foreground hover:bg-surface-muted hover:text-foreground',
                )
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteHeader() {
  const { webUrl } = useRuntimeConfig();
  const [menuOpen, setMenuOpen] = useState(false);
  const loginHref = `${webUrl}/login`;
  const registerHref = `${webUrl}/register/student`;

  return (
    <header className="sticky top-0 z-30 border-b border-border/70 bg-background/85 backdrop-blur-md">
      <PageContainer className="flex h-16 items-center gap-3">
        <Dialog open={menuOpen} onOpenChange={setMenuOpen}>
          <DialogTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={messages.common.openMenu} className="lg:hidden">
              <Menu aria-hidden="true" />
            </Button>
          </DialogTrigger>
          <DialogContent side="start" title={messages.common.menu} hideTitle className="gap-6">
            <Link to="/" onClick={() => setMenuOpen(false)} className="self-start rounded-lg">
              <Logo />
            </Link>
            <HeaderNav vertical onNavigate={() => setMenuOpen(false)} />
            <div className="mt-auto flex flex-col gap-2 border-t border-border pt-5">
              <Button asChild size="lg">
                <a href={registerHref}>{nav.register}</a>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <a href={loginHref}>{nav.login}</a>
              </Button>
            </div>
          </DialogContent>
        </Dialog>
        <Link to="/" className="shrink-0 rounded-lg" aria-label={messages.app.name}>
          <Logo />
        </Link>
        <div className="ms-6 hidden lg:block">
          <HeaderNav />
        </div>
        <div className="ms-auto flex items-center gap-1.5 sm:gap-2">
          <ThemeToggle />
          <Button asChild variant="ghost" className="max-sm:hidden">
            <a href={loginHref}>{nav.login}</a>
          </Button>
          <Button asChild>
            <a href={registerHref}>{nav.register}</a>
          </Button>
        </div>
      </PageContainer>
    </header>
  );
}
