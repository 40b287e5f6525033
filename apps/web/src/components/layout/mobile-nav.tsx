import { MenuSheetButton } from '@hiwar/ui';
import { lazy } from 'react';
import type { NavItem } from './nav-items.ts';

const loadSheet = () => import('./mobile-nav-sheet.tsx');
const MobileNavSheet = lazy(async () => ({ default: (await loadSheet()).MobileNavSheet }));

/**
 * Below `lg` the links move into a sheet opened from the start edge (right, in RTL). The sheet, and the
 * dialog machinery with it (focus trap, scroll lock, portal), is not part of the first screen's download
 * (issue 16): it loads when the button is pointed at or focused, at the latest on the first open.
 */
export function MobileNav({ items }: { items: readonly NavItem[] }) {
  return (
    <MenuSheetButton load={loadSheet} className="lg:hidden">
      {(sheet) => <MobileNavSheet items={items} {...sheet} />}
    </MenuSheetButton>
  );
}
