import { useSession } from '@hiwar/client';
import { Button, Dialog, DialogContent, DialogTrigger, Logo, messages } from '@hiwar/ui';
import { Menu } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { MainNav } from './main-nav.tsx';
import type { NavItem } from './nav-items.ts';

/** Below `lg` the links move into a sheet opened from the start edge (right, in RTL). */
export function MobileNav({ items }: { items: readonly NavItem[] }) {
  const [open, setOpen] = useState(false);
  const { user } = useSession();
  const close = () => setOpen(false);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={messages.common.openMenu} className="lg:hidden">
          <Menu aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent side="start" title={messages.common.menu} hideTitle className="gap-6">
        <Link to="/" onClick={close} className="self-start rounded-lg">
          <Logo />
        </Link>
        <MainNav items={items} label={messages.web.nav.main} orientation="vertical" onNavigate={close} />
        {user ? null : (
          <div className="mt-auto flex flex-col gap-2 border-t border-border pt-5">
            <Button asChild size="lg">
              <Link to="/register/student" onClick={close}>
                {messages.web.nav.register}
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/login" onClick={close}>
                {messages.web.nav.login}
              </Link>
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
