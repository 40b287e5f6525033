import { adminMessages, scheduleMessages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';
import { LessonsPanel } from '../../features/lessons/components/lessons-panel.tsx';

/** `/lessons` (SuperAdmin, RegularAdmin; TutorManagers see their own): lessons with filters, cancel as staff. */
export function LessonsPage() {
  return (
    <AdminPage title={adminMessages.pages.lessons} description={scheduleMessages.adminLessons.description}>
      <LessonsPanel />
    </AdminPage>
  );
}
