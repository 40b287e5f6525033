import { adminInterviewsMessages, adminMessages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';
import { useStaffUser } from '../../components/staff-guard.tsx';
import { StudioTutorsPanel } from '../../features/photo-sessions/components/studio-tutors-panel.tsx';
import { canManageStudios } from '../../lib/staff-access.ts';

const text = adminInterviewsMessages.studioList;

/**
 * `/photo-sessions` (SuperAdmin, RegularAdmin; a Studio member for the tutors assigned to them): tutors
 * with the media they still lack; admins filter by studio and assign tutors.
 */
export function PhotoSessionsPage() {
  const viewer = useStaffUser();
  const isAdmin = canManageStudios(viewer.role);
  return (
    <AdminPage
      title={adminMessages.pages.photoSessions}
      description={isAdmin ? text.description : text.ownDescription}
    >
      <StudioTutorsPanel isAdmin={isAdmin} />
    </AdminPage>
  );
}
