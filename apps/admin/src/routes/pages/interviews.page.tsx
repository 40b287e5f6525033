import { adminInterviewsMessages, adminMessages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';
import { LiveUpdates } from '../../components/live-updates.tsx';
import { useStaffUser } from '../../components/staff-guard.tsx';
import { InterviewsPanel } from '../../features/interviews/components/interviews-panel.tsx';
import { isAdminRole } from '../../lib/staff-access.ts';

const text = adminInterviewsMessages.list;

/**
 * `/interviews` (SuperAdmin signs, RegularAdmin views, TutorManager sees those they conduct): the
 * interviews with filters and details, refreshed live.
 */
export function InterviewsPage() {
  const viewer = useStaffUser();
  return (
    <AdminPage
      title={adminMessages.pages.interviews}
      description={isAdminRole(viewer.role) ? text.description : text.ownDescription}
    >
      <LiveUpdates>
        <InterviewsPanel />
      </LiveUpdates>
    </AdminPage>
  );
}
