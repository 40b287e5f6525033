import { useSession } from '@hiwar/client';
import { Logo, messages, PageContainer, ThemeToggle, webMessages } from '@hiwar/ui';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { AccountMenu } from './account-menu.tsx';
import { MainNav } from './main-nav.tsx';
import { MobileNav } from './mobile-nav.tsx';
import { navItemsFor } from './nav-items.ts';

export interface SiteHeaderProps {
  /** Unread chats, shown on the chat link (the layout's live layer counts them while signed in). */
  unreadChats: number;
}

export function SiteHeader({ unreadChats }: SiteHeaderProps) {
  const { user } = useSession();
  const roleItems = navItemsFor(user);
  const items = useMemo(
    () => roleItems.map((item) => (item.to === '/chat' ? { ...item, badge: unreadChats } : item)),
    [roleItems, unreadChats],
  );

  return (
    <header className="sticky top-0 z-30 border-b border-border bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <PageContainer className="flex h-16 items-center gap-3">
        <MobileNav items={items} />
        <Link to="/" className="shrink-0 rounded-lg" aria-label={messages.app.name}>
          <Logo />
        </Link>
        <MainNav items={items} label={webMessages.nav.main} className="ms-6 hidden lg:block" />
        <div className="ms-auto flex items-center gap-1.5 sm:gap-2">
          <ThemeToggle />
          <AccountMenu />
        </div>
      </PageContainer>
    </header>
  );
}
