import { adminMessages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';
import { useStaffUser } from '../../components/staff-guard.tsx';
import { CacheFlushCard } from '../../features/platform/components/cache-flush-card.tsx';
import { PlatformSettingsAudit } from '../../features/platform/components/platform-settings-audit.tsx';
import { PlatformSettingsForm } from '../../features/platform/components/platform-settings-form.tsx';
import { canOpenSection } from '../../lib/staff-access.ts';

/**
 * `/platform-settings` (SuperAdmin, RegularAdmin): every rules.md setting with its meaning, default and
 * bounds, saved with an audit entry each; the audit below; and the tutors-cache flush.
 */
export function PlatformSettingsPage() {
  const viewer = useStaffUser();
  return (
    <AdminPage title={adminMessages.pages.platformSettings}>
      <div className="flex flex-col gap-6">
        <PlatformSettingsForm />
        <PlatformSettingsAudit />
        {canOpenSection(viewer.role, 'serverTools') ? <CacheFlushCard /> : null}
      </div>
    </AdminPage>
  );
}
