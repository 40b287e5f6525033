import { messages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';

export function TopicsPage() {
  return <AdminPage title={messages.admin.pages.topics} />;
}
