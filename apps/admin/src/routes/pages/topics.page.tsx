import { messages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';
import { TopicsPanel } from '../../features/topics/components/topics-panel.tsx';

/** `/topics` (SuperAdmin, RegularAdmin): the topics catalogue. */
export function TopicsPage() {
  return (
    <AdminPage title={messages.admin.pages.topics} description={messages.schedule.adminTopics.description}>
      <TopicsPanel />
    </AdminPage>
  );
}
