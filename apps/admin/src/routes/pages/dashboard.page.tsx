import { messages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';

export function DashboardPage() {
  return <AdminPage title={messages.admin.pages.dashboard} />;
}
