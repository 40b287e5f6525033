import { adminDashboardMessages, adminMessages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';
import { useStaffUser } from '../../components/staff-guard.tsx';
import { DashboardCards } from '../../features/dashboard/components/dashboard-cards.tsx';
import { UnknownLeadSources } from '../../features/dashboard/components/unknown-lead-sources.tsx';
import { isAdminRole } from '../../lib/staff-access.ts';

const text = adminDashboardMessages.dashboard;

/**
 * `/`: the figures of the staff member's areas this week, each with its trend and a link to its
 * screen; admins also see the marketing links the landing site does not know, with their visits.
 */
export function DashboardPage() {
  const viewer = useStaffUser();
  return (
    <AdminPage
      title={adminMessages.pages.dashboard}
      description={isAdminRole(viewer.role) ? text.description : text.ownDescription}
    >
      <div className="flex flex-col gap-6">
        <DashboardCards />
        {isAdminRole(viewer.role) ? <UnknownLeadSources /> : null}
      </div>
    </AdminPage>
  );
}
