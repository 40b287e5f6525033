import { adminMessages, scheduleMessages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';
import { TopicsPanel } from '../../features/topics/components/topics-panel.tsx';

/** `/topics` (SuperAdmin, RegularAdmin): the topics catalogue. */
export function TopicsPage() {
  return (
    <AdminPage title={adminMessages.pages.topics} description={scheduleMessages.adminTopics.description}>
      <TopicsPanel />
    </AdminPage>
  );
}
