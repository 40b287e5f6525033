import { useSession } from '@hiwar/client';
import { Button, Dialog, DialogContent, Logo, messages, webMessages } from '@hiwar/ui';
import { Link } from 'react-router';
import { MainNav } from './main-nav.tsx';
import type { NavItem } from './nav-items.ts';

export interface MobileNavSheetProps {
  items: readonly NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The small screens' menu: a sheet from the start edge (right, in RTL) with the links. On a chunk of
 * its own with the dialog machinery, loaded when the menu is first opened (MobileNav); closing it puts
 * the focus back on the menu button (DialogContent returns it to the opener).
 */
export function MobileNavSheet({ items, open, onOpenChange }: MobileNavSheetProps) {
  const { user } = useSession();
  const close = () => onOpenChange(false);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent side="start" title={messages.common.menu} hideTitle className="gap-6">
        <Link to="/" onClick={close} className="self-start rounded-lg">
          <Logo />
        </Link>
        <MainNav items={items} label={webMessages.nav.main} orientation="vertical" onNavigate={close} />
        {user ? null : (
          <div className="mt-auto flex flex-col gap-2 border-t border-border pt-5">
            <Button asChild size="lg">
              <Link to="/register/student" onClick={close}>
                {webMessages.nav.register}
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/login" onClick={close}>
                {webMessages.nav.login}
              </Link>
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
