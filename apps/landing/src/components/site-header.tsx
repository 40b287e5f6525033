import { Button, buttonClassName, cn, Logo, landingMessages, messages, PageContainer } from '@hiwar/ui';
import { Menu, X } from 'lucide-react';
import { useSite, useWebHref } from '../site/site-context.tsx';
import { HEADER_LINKS, isCurrent } from './site-nav.ts';
import { ThemeToggle } from './theme-toggle.tsx';

const nav = landingMessages.nav;
const MENU_ID = 'site-menu';

function HeaderNav({ vertical = false }: { vertical?: boolean }) {
  const { path } = useSite();
  return (
    <nav aria-label={nav.main}>
      <ul className={cn('flex', vertical ? 'flex-col gap-1' : 'items-center gap-1')}>
        {HEADER_LINKS.map((link) => {
          const current = isCurrent(link.href, path);
          return (
            <li key={link.href}>
              <a
                href={link.href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex rounded-lg font-semibold transition-colors',
                  vertical ? 'px-3 py-2.5 text-base' : 'px-3 py-2 text-sm',
                  current
                    ? 'text-brand'
                    : 'text-muted-foreground hover:bg-surface-muted hover:text-foreground',
                )}
              >
                {link.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The sticky header. On small screens the links live in a side sheet: a native `<dialog>` that
 * src/islands/menu.ts opens as a modal (focus kept inside, Escape closes, the page behind inert).
 */
export function SiteHeader() {
  const loginHref = useWebHref('/login');
  const registerHref = useWebHref('/register/student');
  return (
    <header className="sticky top-0 z-30 border-b border-border/70 bg-background/85 backdrop-blur-md">
      <PageContainer className="flex h-16 items-center gap-3">
        <button
          type="button"
          data-menu-open=""
          aria-label={messages.common.openMenu}
          aria-haspopup="dialog"
          aria-expanded="false"
          aria-controls={MENU_ID}
          className={buttonClassName({ variant: 'ghost', size: 'icon', className: 'lg:hidden' })}
        >
          <Menu aria-hidden="true" />
        </button>
        <a href="/" className="shrink-0 rounded-lg" aria-label={messages.app.name}>
          <Logo />
        </a>
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
      <dialog
        id={MENU_ID}
        aria-label={messages.common.menu}
        className="fixed inset-y-0 start-0 end-auto m-0 h-dvh max-h-none w-80 max-w-[85vw] border-0 bg-surface p-0 text-foreground shadow-pop backdrop:bg-overlay open:animate-sheet-in"
      >
        <div className="flex h-full flex-col gap-6 p-6">
          <div className="flex items-center justify-between">
            <a href="/" className="rounded-lg" aria-label={messages.app.name}>
              <Logo />
            </a>
            <button
              type="button"
              data-menu-close=""
              aria-label={messages.common.closeMenu}
              className={buttonClassName({ variant: 'ghost', size: 'icon' })}
            >
              <X aria-hidden="true" />
            </button>
          </div>
          <HeaderNav vertical />
          <div className="mt-auto flex flex-col gap-2 border-t border-border pt-5">
            <Button asChild size="lg">
              <a href={registerHref}>{nav.register}</a>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <a href={loginHref}>{nav.login}</a>
            </Button>
          </div>
        </div>
      </dialog>
    </header>
  );
}
