import { useChatUnreadTotal, useSession } from '@hiwar/client';
import { Logo, messages, PageContainer, ThemeToggle } from '@hiwar/ui';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { AccountMenu } from './account-menu.tsx';
import { MainNav } from './main-nav.tsx';
import { MobileNav } from './mobile-nav.tsx';
import { navItemsFor } from './nav-items.ts';

export function SiteHeader() {
  const { user } = useSession();
  const roleItems = navItemsFor(user);
  const hasChat = roleItems.some((item) => item.to === '/chat');
  const unread = useChatUnreadTotal({ enabled: hasChat });
  const items = useMemo(
    () => roleItems.map((item) => (item.to === '/chat' ? { ...item, badge: unread } : item)),
    [roleItems, unread],
  );

  return (
    <header className="sticky top-0 z-30 border-b border-border bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <PageContainer className="flex h-16 items-center gap-3">
        <MobileNav items={items} />
        <Link to="/" className="shrink-0 rounded-lg" aria-label={messages.app.name}>
          <Logo />
        </Link>
        <MainNav items={items} label={messages.web.nav.main} className="ms-6 hidden lg:block" />
        <div className="ms-auto flex items-center gap-1.5 sm:gap-2">
          <ThemeToggle />
          <AccountMenu />
        </div>
      </PageContainer>
    </header>
  );
}
