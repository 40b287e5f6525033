import { Button, messages } from '@hiwar/ui';
import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { preloadOnIntent } from '../../lib/preload-on-intent.ts';
import type { NavItem } from './nav-items.ts';

const loadSheet = () => import('./mobile-nav-sheet.tsx');
const MobileNavSheet = lazy(async () => ({ default: (await loadSheet()).MobileNavSheet }));

/**
 * Below `lg` the links move into a sheet opened from the start edge (right, in RTL). The sheet, and the
 * dialog machinery with it (focus trap, scroll lock, portal), is not part of the first screen's download
 * (issue 16): it loads when the button is pointed at or focused, at the latest on the first open.
 */
export function MobileNav({ items }: { items: readonly NavItem[] }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={messages.common.openMenu}
        aria-haspopup="dialog"
        aria-expanded={open}
        className="lg:hidden"
        {...preloadOnIntent(loadSheet)}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" />
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <MobileNavSheet items={items} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
