import { MenuSheetButton } from '@hiwar/ui';
import { lazy } from 'react';

const loadSheet = () => import('./admin-menu-sheet.tsx');
const AdminMenuSheet = lazy(async () => ({ default: (await loadSheet()).AdminMenuSheet }));

/** The top bar's menu button below `lg`; the sheet loads on demand (MenuSheetButton). */
export function AdminMobileMenu() {
  return <MenuSheetButton load={loadSheet}>{(sheet) => <AdminMenuSheet {...sheet} />}</MenuSheetButton>;
}
