import { messages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';
import { useStaffUser } from '../../components/staff-guard.tsx';
import { CacheFlushCard } from '../../features/platform/components/cache-flush-card.tsx';
import { canOpenSection } from '../../lib/staff-access.ts';

export function PlatformSettingsPage() {
  const viewer = useStaffUser();
  return (
    <AdminPage title={messages.admin.pages.platformSettings}>
      {canOpenSection(viewer.role, 'serverTools') ? <CacheFlushCard /> : null}
    </AdminPage>
  );
}
